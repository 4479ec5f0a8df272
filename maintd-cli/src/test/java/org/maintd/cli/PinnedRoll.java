package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import org.maintd.testing.GanetiTools;

/**
 * Small hand-made clusters ({@code hroller-cases/pinned/}) with the exact answer of {@code maintctl
 * roll -t} written into the test, so that they run without Ganeti, and Ganeti's hroller as the
 * oracle of those answers where it is installed.
 */
final class PinnedRoll {
  static final Path HROLLER = Path.of("/usr/lib/ganeti/3.0/usr/bin/hroller");

  private PinnedRoll() {}

  /** A run: the file, the options before {@code -t}, and the exit code, stdout and stderr. */
  record Case(String name, String data, List<String> args, int rc, String stdout, String stderr) {
    @Override
    public String toString() {
      return name + ": " + data + " " + String.join(" ", args);
    }
  }

  record Output(int rc, String stdout, String stderr) {}

  static Case ok(String name, String data, String args, String stdout) {
    return new Case(name, data, split(args), 0, stdout, "");
  }

  static Case ok(String name, String data, String args, String stdout, String stderr) {
    return new Case(name, data, split(args), 0, stdout, stderr);
  }

  static Case fails(String name, String data, String args, String stderr) {
    return new Case(name, data, split(args), 1, "", stderr);
  }

  private static List<String> split(String args) {
    return args.isBlank() ? List.of() : List.of(args.trim().split(" +"));
  }

  /** maintctl answers exactly as pinned. */
  static void assertMaintctl(Case c, Path dir) throws Exception {
    assertAnswer(c, maintctl(c.args(), file(dir, c.data())), "maintctl");
  }

  /** hroller answers exactly as pinned. */
  static void assertHroller(Case c, Path dir) throws Exception {
    assertHroller(c, dir, UnaryOperator.identity());
  }

  /** hroller answers as pinned, its stderr first passed through {@code stderrAsMaintctl}. */
  static void assertHroller(Case c, Path dir, UnaryOperator<String> stderrAsMaintctl)
      throws Exception {
    GanetiTools.require(HROLLER);
    Output h = hroller(c.args(), file(dir, c.data()));
    assertAnswer(c, new Output(h.rc(), h.stdout(), stderrAsMaintctl.apply(h.stderr())), "hroller");
  }

  private static void assertAnswer(Case c, Output got, String who) {
    String why =
        c + ": " + who + "\nstdout:\n" + got.stdout() + "stderr:\n" + got.stderr() + "(end)";
    assertEquals(c.rc(), got.rc(), why);
    assertEquals(c.stdout(), got.stdout(), why);
    assertEquals(c.stderr(), got.stderr(), why);
  }

  static Path file(Path dir, String data) throws Exception {
    Path file = dir.resolve(data);
    if (!Files.exists(file)) {
      try (InputStream in = PinnedRoll.class.getResourceAsStream("/hroller-cases/pinned/" + data)) {
        assertTrue(in != null, "no resource hroller-cases/pinned/" + data);
        Files.write(file, in.readAllBytes());
      }
    }
    return file;
  }

  static Output maintctl(List<String> options, Path file) {
    List<String> args = new ArrayList<>(List.of("roll"));
    args.addAll(options);
    args.addAll(List.of("-t", file.toString()));
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
      int rc = Maintctl.execute(args.toArray(String[]::new));
      return new Output(rc, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
  }

  static Output hroller(List<String> options, Path file) throws Exception {
    return hroller(options, file, 60);
  }

  /** hroller's answer, given {@code seconds} to finish. */
  static Output hroller(List<String> options, Path file, int seconds) throws Exception {
    List<String> args = new ArrayList<>(List.of(HROLLER.toString()));
    args.addAll(options);
    args.addAll(List.of("-t", file.toString()));
    Path out = Files.createTempFile(file.getParent(), "hroller", ".out");
    Path err = Files.createTempFile(file.getParent(), "hroller", ".err");
    Process p =
        new ProcessBuilder(args).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    assertTrue(p.waitFor(seconds, TimeUnit.SECONDS), "hroller did not finish: " + args);
    return new Output(
        p.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }
}
