package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.testing.GanetiTools;

/**
 * {@code maintctl roll -v} and {@code -v -v} against Ganeti's own hroller, run on the same file
 * with the same options: the colourings' line ({@code -v}), the conflict graph before it ({@code -v
 * -v}), the groups, the warnings and the exit code must be the same, byte for byte. Of the cases of
 * {@link HrollerCasesTest} (Ganeti's test data and generated clusters, with their option matrices),
 * every upstream or quirk case runs with {@code -v} and with {@code -v -v}, and of the others every
 * second with {@code -v} and every sixth with {@code -v -v} (to keep the test short); the hand-made
 * clusters of the pinned tests with both; {@code -q} and {@code -v} together on a cluster whose
 * data do not add up; and with {@code --fewer-groups} the colourings' line. One difference is on
 * purpose, as in {@link HrollerCasesTest}: a file that cannot be loaded is named in the error.
 */
class HrollerVerboseTest {
  private static final String LOAD_ERROR = "Error: failed to load data, aborting: ";
  private static final String OBSERVED = "observed: reference";

  @TempDir static Path tmp;

  static Stream<Arguments> verbose() throws Exception {
    List<Arguments> out = new ArrayList<>();
    List<Map<String, Object>> cases = HrollerCasesTest.cases().toList();
    for (int i = 0; i < cases.size(); i++) {
      Map<String, Object> c = cases.get(i);
      boolean pinned = !((String) c.get("source")).startsWith(OBSERVED);
      if (pinned || i % 2 == 0) {
        out.add(Arguments.of(c.get("name"), c.get("data"), withVerbose(c, List.of("-v"))));
      }
      if (pinned || i % 6 == 1) {
        out.add(Arguments.of(c.get("name"), c.get("data"), withVerbose(c, List.of("-v", "-v"))));
      }
    }
    return out.stream();
  }

  @SuppressWarnings("unchecked")
  private static List<String> withVerbose(Map<String, Object> c, List<String> verbose) {
    List<String> args = new ArrayList<>(verbose);
    args.addAll((List<String>) c.get("args"));
    return args;
  }

  @ParameterizedTest(name = "{0}: {1} {2}")
  @MethodSource("verbose")
  void verboseOutputIsHrollers(String name, String data, List<String> args) throws Exception {
    GanetiTools.require(PinnedRoll.HROLLER);
    Path file = dataFile(data);
    assertSame(PinnedRoll.hroller(args, file), PinnedRoll.maintctl(args, file), file, args);
  }

  static Stream<Arguments> pinned() {
    List<Arguments> out = new ArrayList<>();
    for (String data :
        List.of(
            "dcolor-fewest.data",
            "inconsistent-bounds.data",
            "short-names.data",
            "spindles-diskless.data",
            "spindles-evacuate.data",
            "spindles-move.data")) {
      out.add(Arguments.of(data, List.of("-v", "-v")));
      out.add(Arguments.of(data, List.of("-v", "-v", "--offline-maintenance", "--no-headers")));
      out.add(Arguments.of(data, List.of("-v", "--full-evacuation", "--print-moves")));
    }
    return out.stream();
  }

  /** The hand-made clusters of the pinned tests, among them one where DColor alone does best. */
  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("pinned")
  void verboseOutputIsHrollersOnThePinnedClusters(String data, List<String> args) throws Exception {
    GanetiTools.require(PinnedRoll.HROLLER);
    Path file = PinnedRoll.file(tmp, data);
    assertSame(PinnedRoll.hroller(args, file), PinnedRoll.maintctl(args, file), file, args);
  }

  /**
   * With {@code --fewer-groups} the groups may be fewer than hroller's, but the colourings' line is
   * still hroller's own.
   */
  @Test
  void theColouringsLineIsHrollersWithFewerGroupsToo() throws Exception {
    GanetiTools.require(PinnedRoll.HROLLER);
    Path file = dataFile("gen120g3.data");
    PinnedRoll.Output h = PinnedRoll.hroller(List.of("-v", "-v", "--no-headers"), file);
    PinnedRoll.Output m =
        PinnedRoll.maintctl(List.of("-v", "-v", "--no-headers", "--fewer-groups"), file);
    assertEquals(0, m.rc(), m.stderr());
    assertEquals(
        h.stdout().lines().limit(2).toList(), m.stdout().lines().limit(2).toList(), m.stdout());
  }

  static Stream<List<String>> quietAndVerbose() {
    return Stream.of(
        List.of("-q"),
        List.of("-q", "-v"),
        List.of("-v", "-q", "-q"),
        List.of("-q", "-q"),
        List.of("-v", "-v", "-v"),
        List.of("-vv", "--offline-maintenance"),
        List.of("-v", "-v", "--one-step-only", "--print-moves"));
  }

  /** The warning on data that do not add up is shown unless the verbosity is exactly 0. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("quietAndVerbose")
  void quietAndVerboseCountAsHrollersLevel(List<String> args) throws Exception {
    GanetiTools.require(PinnedRoll.HROLLER);
    Path file = PinnedRoll.file(tmp, "inconsistent-bounds.data");
    assertSame(PinnedRoll.hroller(args, file), PinnedRoll.maintctl(args, file), file, args);
  }

  /**
   * hroller shows the graph as soon as it is made: when the groups cannot be emptied afterwards,
   * the graph is on stdout and the colourings' line is not.
   */
  @Test
  void graphIsShownWhenThePlanFails() throws Exception {
    GanetiTools.require(PinnedRoll.HROLLER);
    Path file = dataFile("shared-n1-failure.data");
    List<String> args = List.of("-v", "-v", "--no-headers", "-f");
    PinnedRoll.Output h = PinnedRoll.hroller(args, file);
    assertEquals(1, h.rc(), h.stderr());
    assertTrue(h.stdout().startsWith("Node Graph: array (") && h.stdout().lines().count() == 1);
    assertSame(h, PinnedRoll.maintctl(args, file), file, args);
  }

  private static void assertSame(
      PinnedRoll.Output want, PinnedRoll.Output got, Path file, List<String> args) {
    String why =
        "maintctl roll "
            + String.join(" ", args)
            + " -t "
            + file
            + "\nhroller stdout:\n"
            + want.stdout()
            + "maintctl stdout:\n"
            + got.stdout()
            + "hroller stderr:\n"
            + want.stderr()
            + "maintctl stderr:\n"
            + got.stderr();
    assertEquals(want.rc(), got.rc(), why);
    assertEquals(want.stdout(), got.stdout(), why);
    if (want.stderr().startsWith(LOAD_ERROR)) {
      String cause = want.stderr().substring(LOAD_ERROR.length());
      assertTrue(
          got.stderr().startsWith(LOAD_ERROR + file + ": ") && got.stderr().endsWith(cause), why);
    } else {
      assertEquals(want.stderr(), got.stderr(), why);
    }
  }

  private static Path dataFile(String data) throws Exception {
    Path file = tmp.resolve(data);
    if (!Files.exists(file)) {
      try (InputStream in =
          HrollerVerboseTest.class.getResourceAsStream("/hroller-cases/data/" + data)) {
        assertTrue(in != null, "no resource hroller-cases/data/" + data);
        Files.write(file, in.readAllBytes());
      }
    }
    return file;
  }
}
