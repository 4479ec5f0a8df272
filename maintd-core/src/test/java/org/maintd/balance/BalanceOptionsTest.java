package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.cluster.Cluster;
import org.maintd.htools.HtoolsReader;

/**
 * hbal's switches, one row each, on clusters of Ganeti's test data and a small shared-storage one:
 * the solution is the one hbal 3.0.2 prints for the same switches (quoted in each row).
 */
class BalanceOptionsTest {
  private static final BalanceOptions HBAL = BalanceOptions.hbal();

  /** Three shared-storage instances on nodeA, two empty nodes. */
  private static final Cluster SHARED =
      Clusters.of(
          """
          nodeA|16384|1024|9216|400000|400000|8|N|fake-uuid|1||N|0|1|1.0
          nodeB|16384|1024|15360|400000|400000|8|N|fake-uuid|1||N|0|1|1.0
          nodeC|16384|1024|15360|400000|400000|8|N|fake-uuid|1||N|0|1|1.0
          """,
          """
          s1|2048|10000|1|running|Y|nodeA||sharedfile||1|-|N
          s2|2048|10000|1|running|Y|nodeA||sharedfile||1|-|N
          s3|2048|10000|1|running|Y|nodeA||sharedfile||1|-|N
          """,
          "",
          "|128,1,1024,1,1,1|128,1,512,1,1,1;32768,8,1048576,16,8,12|sharedfile|4.0|32.0");

  static Stream<Arguments> evacuationCluster() {
    String p2 = "inst-p2 node-E:node-3 => node-1:node-3 f r:node-1 f";
    String p1 = "inst-p1 node-E:node-1 => node-3:node-1 f r:node-3 f";
    String a32 = "inst-32a node-3:node-2 => node-2:node-1 f r:node-1";
    return Stream.of(
        Arguments.of(
            "(none)",
            HBAL,
            List.of(p2, p1, a32, "inst-s1 node-2:node-E => node-2:node-3 r:node-3")),
        Arguments.of(
            "--no-disk-moves",
            HBAL.withDiskMoves(false),
            List.of(
                "inst-p1 node-E:node-1 => node-1:node-E f",
                "inst-p2 node-E:node-3 => node-3:node-E f",
                "inst-32a node-3:node-2 => node-2:node-3 f")),
        Arguments.of(
            "--no-instance-moves",
            HBAL.withInstanceMoves(false),
            List.of(
                "inst-s1 node-2:node-E => node-2:node-1 r:node-1",
                "inst-32a node-3:node-2 => node-3:node-1 r:node-1")),
        Arguments.of(
            "--evac-mode",
            HBAL.withEvacMode(true),
            List.of(p2, p1, "inst-s1 node-2:node-E => node-2:node-1 r:node-1")),
        Arguments.of(
            "--evac-mode --no-disk-moves",
            HBAL.withEvacMode(true).withDiskMoves(false),
            List.of(
                "inst-p1 node-E:node-1 => node-1:node-E f",
                "inst-p2 node-E:node-3 => node-3:node-E f")),
        Arguments.of(
            "--select-instances=inst-12,inst-32a",
            HBAL.withSelectInstances(List.of("inst-12", "inst-32a")),
            List.of("inst-32a node-3:node-2 => node-3:node-1 r:node-1")),
        Arguments.of(
            "--exclude-instances=inst-p1,inst-p2",
            HBAL.withExcludeInstances(List.of("inst-p1", "inst-p2")),
            List.of(
                "inst-s1 node-2:node-E => node-2:node-1 r:node-1",
                "inst-32a node-3:node-2 => node-3:node-1 r:node-1")),
        Arguments.of(
            "--select-instances=inst-p1 --exclude-instances=inst-p1",
            HBAL.withSelectInstances(List.of("inst-p1")).withExcludeInstances(List.of("inst-p1")),
            List.of()),
        Arguments.of(
            "-g 5 --min-gain-limit=100",
            HBAL.withMinGain(5).withMinGainLimit(100),
            List.of(p2, p1, a32)),
        Arguments.of(
            "-g 15 --min-gain-limit=100", HBAL.withMinGain(15).withMinGainLimit(100), List.of(p2)),
        Arguments.of(
            "--min-gain-limit=8 -g 100",
            HBAL.withMinGain(100).withMinGainLimit(8),
            List.of(p2, p1, a32)));
  }

  @ParameterizedTest(name = "hbal-evac.data, {0}")
  @MethodSource("evacuationCluster")
  void aSwitchLimitsTheMovesAsHbals(String switches, BalanceOptions options, List<String> hbal)
      throws Exception {
    Cluster cluster = testData("hbal-evac.data");
    assertEquals(hbal, solution(cluster, "fake-uuid-01", options), switches);
  }

  static Stream<Arguments> otherClusters() {
    return Stream.of(
        Arguments.of(
            "balance-shared, (none)",
            SHARED,
            HBAL,
            List.of("s1 nodeA: => nodeB: fa:nodeB", "s2 nodeA: => nodeC: fa:nodeC")),
        Arguments.of(
            "balance-shared, --no-disk-moves",
            SHARED,
            HBAL.withDiskMoves(false),
            List.of("s1 nodeA: => nodeB: fa:nodeB", "s2 nodeA: => nodeC: fa:nodeC")),
        Arguments.of(
            "balance-shared, --no-instance-moves",
            SHARED,
            HBAL.withInstanceMoves(false),
            List.of()),
        Arguments.of("balance-shared, --evac-mode", SHARED, HBAL.withEvacMode(true), List.of()));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("otherClusters")
  void sharedStorageMovesOnlyItsPrimary(
      String what, Cluster cluster, BalanceOptions options, List<String> hbal) {
    assertEquals(hbal, solution(cluster, Clusters.GROUP, options), what);
  }

  @ParameterizedTest(name = "hbal-soft-errors2.data, ignoreSoftErrors {0}, instanceMoves {1}")
  @CsvSource({
    "false, true, ''",
    "true, true, inst121 node-01:node-02 => node-02:node-01 f",
    "true, false, ''"
  })
  void softErrorsBlockMovesUnlessIgnored(boolean ignore, boolean instanceMoves, String hbal)
      throws Exception {
    Cluster cluster = testData("hbal-soft-errors2.data");
    BalanceOptions options = HBAL.withIgnoreSoftErrors(ignore).withInstanceMoves(instanceMoves);
    assertEquals(
        hbal.isEmpty() ? List.of() : List.of(hbal), solution(cluster, "fake-uuid-01", options));
  }

  @ParameterizedTest(name = "from {0} to {1}, -g {2} --min-gain-limit={3}: {4}")
  @CsvSource({
    // before, after, minGain, minGainLimit, taken
    "10.0, 9.99, 1, 5, true",
    "5.0, 4.5, 1, 5, false",
    "5.0, 4.0, 1, 5, true",
    "5.0, 5.0, 0, 0, false",
    "5.0, 5.1, 0, 0, false",
    "0.1, 0.095, 0.01, 0.1, false",
    "0.1, 0.09, 0.01, 0.1, true",
    "0.11, 0.109, 0.01, 0.1, true"
  })
  void aStepIsTakenWhenItLowersTheScoreAndEitherTheScoreIsAboveTheLimitOrItGainsEnough(
      double before, double after, double minGain, double limit, boolean taken) {
    assertEquals(taken, HBAL.withMinGain(minGain).withMinGainLimit(limit).accepts(before, after));
  }

  @ParameterizedTest(name = "threshold {0}")
  @CsvSource({"0.1, 0.1, 1.0", "0, 0, 0", "2.5, 2.5, 25"})
  void aThresholdTakesAnyGainAboveTenTimesItAndAsksItBelow(
      double threshold, double gain, double limit) {
    BalanceOptions o = BalanceOptions.threshold(threshold);
    assertEquals(HBAL.withMinGain(gain).withMinGainLimit(limit), o);
    assertEquals(true, o.accepts(limit + 1, limit + 1 - 1e-6), "a tiny gain above the limit");
    assertEquals(false, o.accepts(limit, limit - gain / 2), "half the gain, at the limit");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"NaN, 0.1", "0.01, NaN"})
  void aGainMustBeANumber(double minGain, double limit) {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> HBAL.withMinGain(minGain).withMinGainLimit(limit));
    assertEquals(
        "minGain and minGainLimit must be numbers, not " + minGain + " and " + limit,
        e.getMessage());
  }

  @ParameterizedTest(name = "select {0}, exclude {1}: unknown {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "inst-p1,nosuch | inst-p2,foo | nosuch,foo",
        "inst-p1 | inst-p2 | ''",
        "inst | '' | inst",
        "'' | '' | ''"
      })
  void namesThatNameNoInstanceAreReportedInTheOrderGiven(
      String select, String exclude, String unknown) throws Exception {
    BalanceOptions o = HBAL.withSelectInstances(names(select)).withExcludeInstances(names(exclude));
    assertEquals(names(unknown), o.unknownInstances(testData("hbal-evac.data")));
  }

  private static List<String> names(String csv) {
    return csv.isEmpty() ? List.of() : List.of(csv.split(","));
  }

  private static List<String> solution(Cluster cluster, String group, BalanceOptions options) {
    return Clusters.show(new Balancer(cluster, group, options).balance(-1).moves());
  }

  static Cluster testData(String name) throws Exception {
    try (var in = BalanceOptionsTest.class.getResourceAsStream("/htools/" + name)) {
      return new HtoolsReader().read(new String(in.readAllBytes(), StandardCharsets.UTF_8), name);
    }
  }
}
