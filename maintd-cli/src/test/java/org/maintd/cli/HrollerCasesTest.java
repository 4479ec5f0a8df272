package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Ganeti's hroller as the reference for {@code maintctl roll -t}: every hroller assertion of
 * Ganeti's shell tests ({@code up*}: htools-hroller.test and htools-invalid.test, over the
 * testsuite's data files), and the reference's observed output for option matrices over every
 * testsuite file and generated clusters. Output must match exactly (for upstream cases whose
 * upstream check is a regular expression, the exact reference output is required too), and so must
 * the exit code and the messages on stderr. One difference is on purpose: a file that cannot be
 * loaded is named, with the line at fault, in the error.
 */
class HrollerCasesTest {
  private static final String LOAD_ERROR = "Error: failed to load data, aborting: ";

  @TempDir static Path tmp;

  @SuppressWarnings("unchecked")
  static Stream<Map<String, Object>> cases() throws Exception {
    try (InputStream in = HrollerCasesTest.class.getResourceAsStream("/hroller-cases/cases.json")) {
      return ((List<Map<String, Object>>) new ObjectMapper().readValue(in, List.class)).stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  @SuppressWarnings("unchecked")
  void maintctlRollAnswersAsHrollerDoes(Map<String, Object> c) throws Exception {
    String data = (String) c.get("data");
    Path file = tmp.resolve(data);
    if (!Files.exists(file)) {
      try (InputStream in = getClass().getResourceAsStream("/hroller-cases/data/" + data)) {
        Files.write(file, in.readAllBytes());
      }
    }
    List<String> args = new ArrayList<>(List.of("roll"));
    args.addAll((List<String>) c.get("args"));
    args.addAll(List.of("-t", file.toString()));
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ByteArrayOutputStream stderr = new ByteArrayOutputStream();
    int rc;
    try {
      System.setOut(new PrintStream(stdout, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
      rc = Maintctl.execute(args.toArray(String[]::new));
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
    String name = (String) c.get("name");
    String got = stdout.toString(StandardCharsets.UTF_8);
    String gotErr = stderr.toString(StandardCharsets.UTF_8);
    String why =
        name
            + " ("
            + c.get("source")
            + "): maintctl "
            + String.join(" ", args)
            + "\nstdout:\n"
            + got
            + "stderr:\n"
            + gotErr;
    assertEquals(((Number) c.get("rc")).intValue(), rc, why);
    if (c.containsKey("regex")) {
      String regex = (String) c.get("regex");
      regex = regex.endsWith("\n") ? regex.substring(0, regex.length() - 1) : regex;
      assertTrue(
          Pattern.compile(regex, Pattern.MULTILINE).matcher(got).find(),
          "upstream regex /" + regex + "/: " + why);
    }
    assertEquals(c.get("stdout"), got, why);
    String wantErr = (String) c.get("stderr");
    if (wantErr != null && wantErr.startsWith(LOAD_ERROR)) {
      String cause = wantErr.substring(LOAD_ERROR.length());
      assertTrue(gotErr.startsWith(LOAD_ERROR + file + ": ") && gotErr.endsWith(cause), why);
    } else if (wantErr != null) {
      assertEquals(wantErr, gotErr, why);
    }
  }
}
