package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
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
 * {@code maintctl balance} with hbal's switches against Ganeti's hbal, on every {@code hbal-*}
 * cluster of Ganeti's test data and on generated clusters: hbal must succeed, and maintctl then
 * makes the same moves, in the same order, with the same scores. Only a combination of a file and
 * switches on which hbal moves something counts as a case of that claim (there must be at least
 * {@link #LEAST_MOVING} of them); those on which hbal moves nothing are checked apart, as what hbal
 * leaves alone. Every file must be read, by hbal and by maintctl. Names that name no instance are
 * refused with hbal's words.
 */
class BalanceSwitchesDifferentialTest {
  private static final List<String> SWITCHES =
      List.of(
          "",
          "--no-disk-moves",
          "--no-instance-moves",
          "--evac-mode",
          "--ignore-soft-errors",
          "--ignore-soft-errors --no-disk-moves",
          "--restricted-migration",
          "--restricted-migration --evac-mode",
          "-g 0 --min-gain-limit=0",
          "-g 2 --min-gain-limit=1000",
          "--min-gain-limit=5 -g 1000",
          "SELECT",
          "EXCLUDE");

  /** The fewest file-and-switch combinations on which hbal must move something. */
  static final int LEAST_MOVING = 60;

  private static Map<String, HbalRuns.Run> hbalRuns;

  @TempDir Path tmp;

  /** Every combination of a test data file and switches, and what hbal does with it. */
  static synchronized Map<String, HbalRuns.Run> hbalRuns() throws Exception {
    if (hbalRuns == null) {
      hbalRuns = new HashMap<>();
      if (java.nio.file.Files.isExecutable(HbalRuns.HBAL)) {
        for (Path file : files()) {
          for (String s : SWITCHES) {
            hbalRuns.put(key(file, s), HbalRuns.hbal(args(file, hbalArgs(file, s))));
          }
        }
      }
    }
    return hbalRuns;
  }

  static List<Path> files() throws Exception {
    Path dir = Path.of(BalanceSwitchesDifferentialTest.class.getResource("/hbal").toURI());
    try (Stream<Path> files = Files.list(dir)) {
      return files.sorted().toList();
    }
  }

  /** The combinations on which hbal moves something ({@code moving}) or nothing. */
  static Stream<Arguments> combinations(boolean moving) throws Exception {
    Map<String, HbalRuns.Run> runs = hbalRuns();
    List<Arguments> out = new ArrayList<>();
    for (Path file : files()) {
      for (String s : SWITCHES) {
        HbalRuns.Run r = runs.get(key(file, s));
        if (r == null || r.moves().isEmpty() != moving) {
          out.add(Arguments.of(file.getFileName().toString(), s));
        }
      }
    }
    return out.stream();
  }

  static Stream<Arguments> moving() throws Exception {
    return combinations(true);
  }

  static Stream<Arguments> standing() throws Exception {
    return combinations(false);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("moving")
  void ganetisTestDataIsBalancedAsHbalBalancesIt(String name, String switches) throws Exception {
    GanetiTools.require(HbalRuns.HBAL);
    Path file = Path.of(getClass().getResource("/hbal/" + name).toURI());
    HbalRuns.Run theirs = hbalRuns().get(key(file, switches));
    assertEquals(0, theirs.rc(), "hbal fails: " + theirs.out() + theirs.err());
    assertTrue(!theirs.moves().isEmpty(), "a case of this claim moves something");
    HbalRuns.assertSameMoves(theirs, maintctl(file, switches), name + " " + switches);
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("standing")
  void whatHbalLeavesAloneMaintctlLeavesAlone(String name, String switches) throws Exception {
    GanetiTools.require(HbalRuns.HBAL);
    Path file = Path.of(getClass().getResource("/hbal/" + name).toURI());
    HbalRuns.Run theirs = hbalRuns().get(key(file, switches));
    assertEquals(0, theirs.rc(), "hbal fails: " + theirs.out() + theirs.err());
    HbalRuns.Run ours = maintctl(file, switches);
    assertEquals(0, ours.rc(), ours.err());
    assertEquals(List.of(), ours.moves(), "hbal moves nothing");
    // printed to 8 decimals: a sum in another order may round the last one otherwise
    assertEquals(theirs.initialScore(), ours.initialScore(), 2e-8);
  }

  @Test
  void enoughCombinationsMoveSomething() throws Exception {
    GanetiTools.require(HbalRuns.HBAL);
    long moving = moving().count();
    assertTrue(
        moving >= LEAST_MOVING,
        "only " + moving + " file-and-switch combinations move something in hbal");
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
    "16, 120, 10, --restricted-migration",
    "24, 200, 9, --no-instance-moves -l 15"
  })
  void generatedClustersAreBalancedAsHbalBalancesThem(
      int nodes, int instances, long seed, String switches) throws Exception {
    GanetiTools.require(HbalRuns.HBAL);
    Path file = tmp.resolve("c.data");
    Files.writeString(
        file,
        GeneratedCluster.text(
            nodes, 1, instances, seed, List.of("htools:iextags:service", "htools:nlocation:rack")));
    HbalRuns.Run theirs = HbalRuns.hbal(args(file, hbalArgs(file, switches)));
    assertEquals(0, theirs.rc(), "hbal fails: " + theirs.out() + theirs.err());
    assertTrue(!theirs.moves().isEmpty(), "hbal moves something");
    HbalRuns.assertSameMoves(theirs, maintctl(file, switches), switches);
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
    GanetiTools.require(HbalRuns.HBAL);
    Path file = Path.of(getClass().getResource("/hbal/hbal-evac.data").toURI());
    List<String> args = new ArrayList<>(List.of("-t", file.toString()));
    args.addAll(List.of(switches.split(" ")));
    HbalRuns.Run theirs = HbalRuns.hbal(args);
    HbalRuns.Run ours = HbalRuns.maintctl(args);
    assertEquals(1, theirs.rc());
    assertEquals(theirs.rc(), ours.rc());
    assertEquals(theirs.err().strip(), ours.err().strip());
    assertTrue(ours.err().contains("Unknown instance(s): [\""), ours.err());
  }

  private static String key(Path file, String switches) {
    return file.getFileName() + " " + switches;
  }

  private static HbalRuns.Run maintctl(Path file, String switches) throws Exception {
    return HbalRuns.maintctl(args(file, hbalArgs(file, switches)));
  }

  private static List<String> args(Path file, List<String> rest) {
    List<String> out = new ArrayList<>(List.of("-t", file.toString()));
    out.addAll(rest);
    return out;
  }

  /** The switches for the file's first node group (its own instance names for SELECT, EXCLUDE). */
  private static List<String> hbalArgs(Path file, String switches) throws Exception {
    Cluster cluster = new HtoolsReader().read(Files.readString(file), file.toString());
    List<String> out = new ArrayList<>(List.of("-G", cluster.groups().get(0).name()));
    out.addAll(expand(switches, cluster));
    return out;
  }

  /**
   * The switches, with SELECT standing for every second instance of the group's and EXCLUDE for
   * every third, so that each cluster's own names are used.
   */
  private static List<String> expand(String switches, Cluster cluster) {
    List<String> names = cluster.instances().stream().map(Instance::name).toList();
    return switch (switches) {
      case "" -> List.of();
      case "SELECT" -> List.of("--select-instances=" + every(names, 2));
      case "EXCLUDE" -> List.of("--exclude-instances=" + every(names, 3));
      default -> List.of(switches.split(" "));
    };
  }

  private static String every(List<String> names, int n) {
    return IntStream.range(0, names.size())
        .filter(k -> k % n == 0)
        .mapToObj(names::get)
        .collect(Collectors.joining(","));
  }
}
