package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.htools.HtoolsReader;
import org.maintd.testing.GanetiTools;

/**
 * {@code maintctl balance} with hbal's switches against Ganeti's hbal, on the {@code hbal-*}
 * clusters of Ganeti's test data (those whose dynamic load and forthcoming instances maintctl reads
 * as hbal does) and on generated clusters: the same moves, in the same order, with the same scores;
 * and names that name no instance refused with hbal's words.
 */
class BalanceSwitchesDifferentialTest {
  private static final Path HBAL = Path.of("/usr/lib/ganeti/3.0/usr/bin/hbal");
  private static final List<String> SWITCHES =
      List.of(
          "--no-disk-moves",
          "--no-instance-moves",
          "--evac-mode",
          "--ignore-soft-errors",
          "--ignore-soft-errors --no-disk-moves",
          "-g 0 --min-gain-limit=0",
          "-g 2 --min-gain-limit=1000",
          "--min-gain-limit=5 -g 1000",
          "SELECT",
          "EXCLUDE");

  @TempDir Path tmp;

  static Stream<Arguments> testData() throws Exception {
    Path dir = Path.of(BalanceSwitchesDifferentialTest.class.getResource("/hbal").toURI());
    List<Arguments> out = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.sorted().toList()) {
        for (String s : SWITCHES) {
          out.add(Arguments.of(file.getFileName().toString(), s));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("testData")
  void ganetisTestDataIsBalancedAsHbalBalancesIt(String name, String switches) throws Exception {
    GanetiTools.require(HBAL);
    Path file = Path.of(getClass().getResource("/hbal/" + name).toURI());
    assertSameMoves(file, switches);
  }

  @ParameterizedTest(name = "{0} nodes, {1} instances, seed {2}: {3}")
  @CsvSource({
    "8, 40, 1, --no-disk-moves",
    "8, 40, 2, --no-instance-moves",
    "12, 80, 3, --ignore-soft-errors",
    "12, 80, 4, -g 0.5 --min-gain-limit=1000",
    "12, 80, 5, --min-gain-limit=20 -g 1000",
    "16, 120, 6, SELECT",
    "16, 120, 7, EXCLUDE",
    "16, 120, 8, --no-disk-moves --ignore-soft-errors",
    "24, 200, 9, --no-instance-moves -l 15"
  })
  void generatedClustersAreBalancedAsHbalBalancesThem(
      int nodes, int instances, long seed, String switches) throws Exception {
    GanetiTools.require(HBAL);
    Path file = tmp.resolve("c.data");
    Files.writeString(
        file,
        GeneratedCluster.text(
            nodes, 1, instances, seed, List.of("htools:iextags:service", "htools:nlocation:rack")));
    assertSameMoves(file, switches);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "--select-instances=nosuch",
        "--select-instances=inst-p1,",
        "--exclude-instances=inst-p1,foo,inst-s",
        "--select-instances=bar --exclude-instances=foo"
      })
  void namesThatNameNoInstanceAreRefusedAsHbalRefusesThem(String switches) throws Exception {
    GanetiTools.require(HBAL);
    Path file = Path.of(getClass().getResource("/hbal/hbal-evac.data").toURI());
    List<String> args = new ArrayList<>(List.of(file.toString()));
    args.addAll(List.of(switches.split(" ")));
    Process p = hbal(args).redirectError(ProcessBuilder.Redirect.PIPE).start();
    String theirs = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "hbal did not finish");
    Run ours = maintctl(file, List.of(switches.split(" ")));
    assertEquals(p.exitValue(), ours.rc());
    assertEquals(theirs.strip(), ours.err().strip());
    assertTrue(ours.err().contains("Unknown instance(s): [\""), ours.err());
  }

  /** hbal's and maintctl's moves on the file's first node group, with the switches. */
  private void assertSameMoves(Path file, String switches) throws Exception {
    Cluster cluster = new HtoolsReader().read(Files.readString(file), "test");
    String group = cluster.groups().get(0).name();
    List<String> args = new ArrayList<>(List.of("-G", group));
    args.addAll(expand(switches, cluster));
    List<String> hbalArgs = new ArrayList<>(List.of(file.toString()));
    hbalArgs.addAll(args);
    Process p = hbal(hbalArgs).redirectErrorStream(true).start();
    String theirs = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(300, TimeUnit.SECONDS), "hbal did not finish");
    Run ours = maintctl(file, args);
    assertEquals(0, ours.rc(), ours.err());
    List<String> expected = moves(theirs);
    List<String> actual = moves(ours.out());
    String why = "hbal " + args + ":\n" + theirs + "\nmaintctl:\n" + ours.out();
    assertEquals(expected.size(), actual.size(), why);
    for (int k = 0; k < expected.size(); k++) {
      assertEquals(withoutScore(expected.get(k)), withoutScore(actual.get(k)), why);
      assertEquals(score(expected.get(k)), score(actual.get(k)), 2e-8, why);
    }
  }

  /** A move line without its score (the field before the commands, {@code a=...}). */
  private static String withoutScore(String move) {
    List<String> f = new ArrayList<>(List.of(move.split(" ")));
    f.remove(scoreField(f));
    return String.join(" ", f);
  }

  /**
   * The score of a move line: printed to 8 decimals, so that a sum made in another order may round
   * the other way.
   */
  private static double score(String move) {
    List<String> f = List.of(move.split(" "));
    return Double.parseDouble(f.get(scoreField(f)));
  }

  private static int scoreField(List<String> fields) {
    for (int k = 1; k < fields.size(); k++) {
      if (fields.get(k).startsWith("a=")) {
        return k - 1;
      }
    }
    throw new AssertionError("no commands in the move " + fields);
  }

  /**
   * The switches, with SELECT standing for every second instance of the group's and EXCLUDE for
   * every third, so that each cluster's own names are used.
   */
  private static List<String> expand(String switches, Cluster cluster) {
    List<String> names = cluster.instances().stream().map(Instance::name).toList();
    String every2 = every(names, 2);
    String every3 = every(names, 3);
    return switch (switches) {
      case "SELECT" -> List.of("--select-instances=" + every2);
      case "EXCLUDE" -> List.of("--exclude-instances=" + every3);
      default -> List.of(switches.split(" "));
    };
  }

  private static String every(List<String> names, int n) {
    return IntStream.range(0, names.size())
        .filter(k -> k % n == 0)
        .mapToObj(names::get)
        .collect(Collectors.joining(","));
  }

  private static ProcessBuilder hbal(List<String> fileThenArgs) {
    List<String> command = new ArrayList<>(List.of(HBAL.toString(), "-t"));
    command.addAll(fileThenArgs);
    return new ProcessBuilder(command);
  }

  /** The move lines, each with its runs of spaces made one (hbal pads to the longest name). */
  private static List<String> moves(String output) {
    return output
        .lines()
        .filter(l -> l.matches("\\s+\\d+\\. .*"))
        .map(l -> l.strip().replaceAll("\\s+", " "))
        .toList();
  }

  private record Run(int rc, String out, String err) {}

  private static Run maintctl(Path file, List<String> args) {
    List<String> all = new ArrayList<>(List.of("balance", "-t", file.toString()));
    all.addAll(args);
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream o = new ByteArrayOutputStream();
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(o, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
      int rc = Maintctl.execute(all.toArray(String[]::new));
      return new Run(rc, o.toString(StandardCharsets.UTF_8), e.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
  }
}
