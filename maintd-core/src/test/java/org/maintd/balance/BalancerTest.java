package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.cluster.Cluster;

/**
 * The balancer's moves on small clusters, each the solution hbal prints for the same cluster (its
 * moves and scores are quoted here), and the balancer's own limits: at most so many moves, a
 * cluster at its best left alone, one move at a time for the daemon.
 */
class BalancerTest {
  /**
   * nodeB comes first, so that the DRBD instance's secondary is the first node. nodeA runs the
   * instance and two more, nodeB one more, nodeC nothing; the plain instances cannot move.
   */
  private static final String THREE_NODES =
      """
      nodeB|16384|1024|12288|400000|300000|8|N|fake-uuid|1|%s|N|0|1|1.0
      nodeA|16384|1024|8192|400000|200000|8|N|fake-uuid|1|%s|N|0|1|1.0
      nodeC|16384|1024|15360|400000|400000|%s|N|fake-uuid|1|%s|N|0|%s|1.0
      """;

  private static final String THREE_INSTANCES =
      """
      inst1|1024|10000|1|running|Y|nodeA|nodeB|drbd||1|-|N
      pa1|3072|100000|2|running|Y|nodeA||plain||1|-|N
      pa2|3072|90000|2|running|Y|nodeA||plain||1|-|N
      pb1|3072|100000|2|running|Y|nodeB||plain||1|-|N
      """;

  static Cluster threeNodes(String clusterTags, String a, String b, String c) {
    return threeNodes(clusterTags, a, b, c, 8, 1);
  }

  static Cluster threeNodes(
      String clusterTags, String a, String b, String c, int cpusOfC, int osCpusOfC) {
    return Clusters.of(
        THREE_NODES.formatted(b, a, cpusOfC, c, osCpusOfC),
        THREE_INSTANCES,
        clusterTags,
        Clusters.POLICY);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # what                                                         | cluster tags                   | nodeA | nodeB | nodeC | hbal's moves                                   | hbal's final score
          without migration tags the instance moves to the empty node    |                                |       |       |       | inst1 nodeA:nodeB => nodeC:nodeB f r:nodeC f   | 2.41347667
          without an allowed pair it only gets a new secondary           | htools:migration:mig           | mig:a | mig:b | mig:c | inst1 nodeA:nodeB => nodeA:nodeC r:nodeC      | 5.38980471
          allowed from a to b only, it fails over to b                   | htools:migration:mig htools:allowmigration:mig:a::mig:b | mig:a | mig:b | mig:c | inst1 nodeA:nodeB => nodeB:nodeC f r:nodeC | 3.91172409
          allowed from a to b and b to c, it goes through b to c         | htools:migration:mig htools:allowmigration:mig:a::mig:b htools:allowmigration:mig:b::mig:c | mig:a | mig:b | mig:c | inst1 nodeA:nodeB => nodeC:nodeB f r:nodeC f | 2.41347667
          allowed from a to c only, it goes to c in two moves            | htools:migration:mig htools:allowmigration:mig:a::mig:c | mig:a | mig:b | mig:c | inst1 nodeA:nodeB => nodeC:nodeA r:nodeC f; inst1 nodeC:nodeA => nodeC:nodeB r:nodeB | 2.41347667
          nodes of the same migration tag are free to migrate            | htools:migration:mig           | mig:a | mig:a | mig:a | inst1 nodeA:nodeB => nodeC:nodeB f r:nodeC f   | 2.41347667
          """)
  void migrationTagsDecideWhereAnInstanceMayMove(
      String what, String tags, String a, String b, String c, String moves, double score) {
    Cluster cluster =
        threeNodes(
            Objects.toString(tags, "").replace(' ', '\n'),
            Objects.toString(a, ""),
            Objects.toString(b, ""),
            Objects.toString(c, ""));
    BalanceResult r = new Balancer(cluster, Clusters.GROUP).balance(-1);
    assertEquals(5.71312973, r.initialScore(), 1e-8);
    assertEquals(
        Arrays.stream(moves.split(";")).map(String::strip).toList(), Clusters.show(r.moves()));
    assertEquals(score, r.finalScore(), 1e-8);
  }

  static Stream<Arguments> hbalSolutions() {
    return Stream.of(
        Arguments.of(
            "a node whose vCPUs are all used takes the secondary, not the primary",
            threeNodes("", "", "", "", 1, 4),
            7.08394790,
            List.of("inst1 nodeA:nodeB => nodeB:nodeC f r:nodeC"),
            List.of(5.32052131)),
        Arguments.of(
            "a tiny gain is still taken while the score is above 0.1",
            Clusters.of(
                """
                nodeA|100000|1000|90000|400000|300000|8|N|fake-uuid|1||N|0|1|1.0
                nodeB|100000|1900|98000|400000|399000|8|N|fake-uuid|1||N|0|1|1.0
                nodeC|100000|1000|99000|400000|399000|8|N|fake-uuid|1||N|0|1|1.0
                """,
                """
                d1|100|1000|1|running|Y|nodeB|nodeC|drbd||1|-|N
                pa1|3000|33000|1|running|Y|nodeA||plain||1|-|N
                pa2|3000|33000|1|running|Y|nodeA||plain||1|-|N
                pa3|3000|34000|1|running|Y|nodeA||plain||1|-|N
                """,
                "",
                Clusters.POLICY),
            5.02750245,
            List.of("d1 nodeB:nodeC => nodeC:nodeB f"),
            List.of(5.02742789)),
        Arguments.of(
            "instances of one exclusion tag spread over the locations",
            locations("loc:2", "loc:2"),
            5.22656250,
            List.of(
                "web1 nodeA:nodeC => nodeC:nodeA f",
                "db2 nodeB:nodeC => nodeD:nodeB r:nodeD f",
                "web2 nodeB:nodeD => nodeB:nodeC r:nodeC"),
            List.of(3.30777660, 0.85297034, 0.08593750)),
        Arguments.of(
            "instances of one exclusion tag spread over nodes of two locations and of none",
            locations("loc:2,loc:3", ""),
            5.22656250,
            List.of(
                "web1 nodeA:nodeC => nodeC:nodeA f",
                "db2 nodeB:nodeC => nodeD:nodeB r:nodeD f",
                "web2 nodeB:nodeD => nodeB:nodeC r:nodeC"),
            List.of(3.30777660, 0.85297034, 0.08593750)),
        Arguments.of(
            "two instances of one exclusion tag on one node",
            Clusters.of(
                """
                nodeA|32768|1024|27648|400000|380000|8|N|fake-uuid|1|loc:1|N|0|1|1.0
                nodeB|32768|1024|31744|400000|380000|8|N|fake-uuid|1|loc:1|N|0|1|1.0
                nodeC|32768|1024|31744|400000|380000|8|N|fake-uuid|1|loc:2|N|0|1|1.0
                nodeD|32768|1024|31744|400000|380000|8|N|fake-uuid|1|loc:2|N|0|1|1.0
                """,
                """
                web1|2048|20000|1|running|Y|nodeA|nodeC|drbd|ex:web|1|-|N
                web2|2048|20000|1|running|Y|nodeA|nodeD|drbd|ex:web|1|-|N
                db1|1024|20000|1|ADMIN_down|Y|nodeB|nodeD|drbd|ex:db|1|-|N
                db2|1024|20000|1|ADMIN_down|Y|nodeB|nodeC|drbd|ex:db|1|-|N
                """,
                """
                htools:nlocation:loc
                htools:iextags:ex
                """,
                Clusters.POLICY),
            9.24047443,
            List.of("web1 nodeA:nodeC => nodeC:nodeA f", "db1 nodeB:nodeD => nodeD:nodeB f"),
            List.of(5.30383897, 0.08593750)));
  }

  /** Two web and two database instances, all on the two nodes of location loc:1. */
  static Cluster locations(String nodeC, String nodeD) {
    return Clusters.of(
        """
        nodeA|32768|1024|29696|400000|380000|8|N|fake-uuid|1|loc:1|N|0|1|1.0
        nodeB|32768|1024|29696|400000|380000|8|N|fake-uuid|1|loc:1|N|0|1|1.0
        nodeC|32768|1024|31744|400000|380000|8|N|fake-uuid|1|%s|N|0|1|1.0
        nodeD|32768|1024|31744|400000|380000|8|N|fake-uuid|1|%s|N|0|1|1.0
        """
            .formatted(nodeC, nodeD),
        """
        web1|2048|20000|1|running|Y|nodeA|nodeC|drbd|ex:web|1|-|N
        web2|2048|20000|1|running|Y|nodeB|nodeD|drbd|ex:web|1|-|N
        db1|1024|20000|1|ADMIN_down|Y|nodeA|nodeD|drbd|ex:db|1|-|N
        db2|1024|20000|1|ADMIN_down|Y|nodeB|nodeC|drbd|ex:db|1|-|N
        """,
        """
        htools:nlocation:loc
        htools:iextags:ex
        """,
        Clusters.POLICY);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hbalSolutions")
  void theMovesAreHbals(
      String what, Cluster cluster, double initial, List<String> moves, List<Double> scores) {
    BalanceResult r = new Balancer(cluster, Clusters.GROUP).balance(-1);
    assertEquals(initial, r.initialScore(), 1e-8);
    assertEquals(moves, Clusters.show(r.moves()));
    for (int k = 0; k < scores.size(); k++) {
      assertEquals(scores.get(k), r.moves().get(k).score(), 1e-8, "after move " + (k + 1));
    }
    assertEquals(scores.get(scores.size() - 1), r.finalScore(), 1e-8);
  }

  static Stream<Arguments> clusters() {
    return Stream.concat(
        hbalSolutions().map(a -> Arguments.of(a.get()[0], a.get()[1])),
        Stream.of(
            Arguments.of("no migration tags", threeNodes("", "", "", "")),
            Arguments.of(
                "migration tags",
                threeNodes(
                    "htools:migration:mig\nhtools:allowmigration:mig:a::mig:c",
                    "mig:a",
                    "mig:b",
                    "mig:c"))));
  }

  /**
   * The balancer scores a move from the nodes it touches; the cluster it returns, read afresh with
   * the moved instances' memory moved along, scores what the balancer said.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("clusters")
  void theFinalScoreIsTheScoreOfTheBalancedCluster(String what, Cluster cluster) {
    BalanceResult r = new Balancer(cluster, Clusters.GROUP).balance(-1);
    assertTrue(r.moves().size() > 0, "the cluster needs balancing");
    Cluster read = Clusters.withMemoryMoved(cluster, r.balanced());
    assertEquals(new ClusterScore().score(read, Clusters.GROUP), r.finalScore(), 1e-9);
    assertEquals(r.moves().get(r.moves().size() - 1).score(), r.finalScore(), 1e-12);
  }

  /**
   * Every move the balancer weighs is scored from the nodes it touches; each scores what the
   * cluster after it, read afresh, scores.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("clusters")
  void everyMoveWeighedIsScoredAsTheClusterAfterIt(String what, Cluster cluster) {
    List<BalanceMove> shown = new ArrayList<>();
    new Balancer(cluster, Clusters.GROUP)
        .step(
            m -> {
              shown.add(m);
              return false;
            });
    assertTrue(shown.size() > 0, "moves were weighed");
    for (BalanceMove m : shown) {
      assertEquals(
          new ClusterScore().score(Clusters.afterMove(cluster, m), Clusters.GROUP),
          m.score(),
          1e-9,
          Clusters.show(m));
    }
  }

  /**
   * 120 nodes in a ring of DRBD instances, one node with the secondary of an instance of another
   * group as well: the score is below 0.1 and the one move that lowers it (a new secondary for the
   * one instance that may move) gains less than 0.01, so hbal makes no move, nor does the balancer;
   * a step that asks no gain makes it (hbal with {@code -g 0 --min-gain-limit=0} makes it too).
   */
  @Test
  void belowAScoreOfOneTenthAMoveMustGainOneHundredth() {
    StringBuilder nodes = new StringBuilder();
    StringBuilder instances = new StringBuilder();
    int n = 120;
    for (int k = 0; k < n; k++) {
      nodes.append(
          "n%03d|100000|1000|98000|1000000|%d|8|N|fake-uuid|1||N|0|1|1.0%n"
              .formatted(k, k == 5 ? 960000 : 980000));
      instances.append(
          "r%03d|1000|10000|1|running|%s|n%03d|n%03d|drbd||0|-|N%n"
              .formatted(k, k == 4 ? "Y" : "N", k, (k + 1) % n));
    }
    nodes.append("o1|100000|1000|98000|1000000|980000|8|N|other-uuid|1||N|0|1|1.0");
    instances.append("split|1000|20000|1|running|N|o1|n005|drbd||0|-|N");
    Cluster cluster =
        Clusters.of(
            """
            default|fake-uuid|preferred||
            other|other-uuid|preferred||
            """,
            nodes.toString(),
            instances.toString(),
            "",
            Clusters.POLICY);
    BalanceResult r = new Balancer(cluster, Clusters.GROUP).balance(-1);
    assertEquals(0.09613311, r.initialScore(), 1e-8);
    assertEquals(List.of(), r.moves());
    Balancer balancer = new Balancer(cluster, Clusters.GROUP, BalanceOptions.hbal().withMinGain(0));
    BalanceMove m = balancer.step(x -> true).orElseThrow();
    assertEquals("r004", m.instance());
    assertEquals("n005", m.oldSecondary());
    assertEquals("r:" + m.newSecondary(), m.commands());
    assertEquals(0.09559518, m.score(), 1e-8);
  }

  @Test
  void balanceMakesNoMoreThanTheMovesItIsAllowed() {
    Cluster cluster =
        threeNodes(
            "htools:migration:mig\nhtools:allowmigration:mig:a::mig:c", "mig:a", "mig:b", "mig:c");
    BalanceResult none = new Balancer(cluster, Clusters.GROUP).balance(0);
    assertEquals(List.of(), none.moves());
    assertEquals(none.initialScore(), none.finalScore());
    assertEquals(cluster, none.balanced());
    BalanceResult one = new Balancer(cluster, Clusters.GROUP).balance(1);
    assertEquals(List.of("inst1 nodeA:nodeB => nodeC:nodeA r:nodeC f"), Clusters.show(one.moves()));
    assertEquals(2.91062288, one.finalScore(), 1e-8);
    assertEquals(2, new Balancer(cluster, Clusters.GROUP).balance(-1).moves().size());
  }

  @Test
  void aClusterAtItsBestIsReturnedAsItWas() {
    Cluster cluster =
        Clusters.of(
            """
            nodeA|10000|1000|8000|10000|8000|4|N|fake-uuid|1||N|0|1|1.0
            nodeB|10000|1000|8000|10000|8000|4|N|fake-uuid|1||N|0|1|1.0
            """,
            """
            a|1000|2000|1|running|Y|nodeA||plain||1|-|N
            b|1000|2000|1|running|Y|nodeB||plain||1|-|N
            """,
            "",
            Clusters.POLICY);
    Balancer balancer = new Balancer(cluster, Clusters.GROUP);
    assertEquals(0, balancer.score(), 1e-12);
    BalanceResult r = balancer.balance(-1);
    assertEquals(List.of(), r.moves());
    assertEquals(0, r.finalScore(), 1e-12);
    assertEquals(cluster, r.balanced());
  }

  @Test
  void anInstanceSplitAcrossGroupsStaysWhereItIs() {
    Cluster cluster =
        Clusters.of(
            """
            default|fake-uuid|preferred||
            other|other-uuid|preferred||
            """,
            """
            nodeX|16384|1024|15360|400000|390000|8|N|other-uuid|1||N|0|1|1.0
            nodeA|16384|1024|11264|400000|290000|8|N|fake-uuid|1||N|0|1|1.0
            nodeB|16384|1024|14336|400000|390000|8|N|fake-uuid|1||N|0|1|1.0
            nodeC|16384|1024|15360|400000|400000|8|N|fake-uuid|1||N|0|1|1.0
            """,
            """
            split|1024|10000|1|running|Y|nodeA|nodeX|drbd||1|-|N
            pa1|3072|100000|2|running|Y|nodeA||plain||1|-|N
            inst|1024|10000|1|running|Y|nodeB|nodeA|drbd||1|-|N
            """,
            "",
            Clusters.POLICY);
    BalanceResult r = new Balancer(cluster, Clusters.GROUP).balance(-1);
    assertTrue(r.moves().size() > 0, "the group needs balancing");
    assertTrue(
        r.moves().stream().noneMatch(m -> m.instance().equals("split")), r.moves()::toString);
    assertEquals("nodeA", r.balanced().instance("split").orElseThrow().primary());
    assertEquals("nodeX", r.balanced().instance("split").orElseThrow().secondary());
  }

  @Test
  void aStepMakesTheBestMoveAsItWasShown() {
    Balancer balancer = new Balancer(threeNodes("", "", "", ""), Clusters.GROUP);
    assertEquals("fake-uuid", balancer.group());
    assertEquals(
        new ClusterScore().score(threeNodes("", "", "", ""), Clusters.GROUP),
        balancer.score(),
        1e-12);
    List<BalanceMove> shown = new ArrayList<>();
    Optional<BalanceMove> made =
        balancer.step(
            m -> {
              shown.add(m);
              return true;
            });
    assertTrue(made.isPresent());
    BalanceMove m = made.get();
    assertEquals("inst1 nodeA:nodeB => nodeC:nodeB f r:nodeC f", Clusters.show(m));
    assertEquals(2.41347667, m.score(), 1e-8);
    assertEquals(m.score(), balancer.score(), 1e-12);
    BalanceMove last = shown.get(shown.size() - 1);
    assertEquals(Clusters.show(m), Clusters.show(last));
    assertEquals(m.score(), last.score(), 1e-9);
  }

  @Test
  void aStepMakesTheBestMoveThePredicateAllows() {
    Balancer balancer = new Balancer(threeNodes("", "", "", ""), Clusters.GROUP);
    double before = balancer.score();
    List<BalanceMove> shown = new ArrayList<>();
    Optional<BalanceMove> made =
        balancer.step(
            m -> {
              shown.add(m);
              return !m.commands().equals("f r:nodeC f");
            });
    assertTrue(made.isPresent());
    BalanceMove best =
        shown.stream()
            .filter(m -> !m.commands().equals("f r:nodeC f"))
            .min((x, y) -> Double.compare(x.score(), y.score()))
            .orElseThrow();
    assertEquals(Clusters.show(best), Clusters.show(made.get()));
    assertTrue(made.get().score() < before);
    assertTrue(shown.stream().anyMatch(m -> m.commands().equals("f r:nodeC f")));
  }

  @Test
  void aStepThatNoMoveIsAllowedLeavesTheClusterAlone() {
    Balancer balancer = new Balancer(threeNodes("", "", "", ""), Clusters.GROUP);
    double before = balancer.score();
    List<BalanceMove> shown = new ArrayList<>();
    Optional<BalanceMove> made =
        balancer.step(
            m -> {
              shown.add(m);
              return false;
            });
    assertEquals(Optional.empty(), made);
    assertTrue(shown.size() > 1, "moves were shown");
    assertEquals(before, balancer.score());
    assertEquals(
        List.of("inst1 nodeA:nodeB => nodeC:nodeB f r:nodeC f"),
        Clusters.show(balancer.balance(-1).moves()));
  }

  @Test
  void aStepNeedsAtLeastTheGainItIsGiven() {
    Balancer probe = new Balancer(threeNodes("", "", "", ""), Clusters.GROUP);
    List<BalanceMove> shown = new ArrayList<>();
    probe.step(
        m -> {
          shown.add(m);
          return false;
        });
    double best = shown.stream().mapToDouble(BalanceMove::score).min().orElseThrow();
    assertTrue(probe.score() - best > 3, "the best move gains " + (probe.score() - best));
    double after =
        new Balancer(threeNodes("", "", "", ""), Clusters.GROUP)
            .step(m -> true)
            .orElseThrow()
            .score();
    assertEquals(best, after, 1e-12, "the score after the move is the one shown, but for rounding");
    double gain = probe.score() - after;

    BalanceOptions gainAlways = BalanceOptions.hbal().withMinGainLimit(Double.POSITIVE_INFINITY);
    Balancer tooGreedy =
        new Balancer(
            threeNodes("", "", "", ""), Clusters.GROUP, gainAlways.withMinGain(Math.nextUp(gain)));
    assertEquals(Optional.empty(), tooGreedy.step(m -> true));
    Balancer exact =
        new Balancer(threeNodes("", "", "", ""), Clusters.GROUP, gainAlways.withMinGain(gain));
    assertEquals(
        "inst1 nodeA:nodeB => nodeC:nodeB f r:nodeC f",
        exact.step(m -> true).map(Clusters::show).orElse("no move"));
  }

  /**
   * hbal moves no diskless instance (they are not among its movable disk templates), even where a
   * failover to another node would lower the score, as it would for the same instance on shared
   * storage.
   */
  @Test
  void aDisklessInstanceNeverMoves() {
    String nodes =
        "n1|16384|1024|10240|100000|100000|8|N|"
            + Clusters.GROUP
            + "|1\nn2|16384|1024|16384|100000|100000|8|N|"
            + Clusters.GROUP
            + "|1";
    String instances =
        "i1|2048|0|1|running|Y|n1||%s||1\ni2|2048|0|1|running|Y|n1||%s||1\n"
            + "i3|2048|0|1|running|Y|n1||%s||1";
    Cluster diskless =
        Clusters.of(
            nodes, instances.formatted("diskless", "diskless", "diskless"), "", Clusters.POLICY);
    Cluster shared =
        Clusters.of(
            nodes,
            instances.formatted("sharedfile", "sharedfile", "sharedfile"),
            "",
            Clusters.POLICY);
    assertEquals(List.of(), new Balancer(diskless, Clusters.GROUP).balance(-1).moves());
    assertFalse(new Balancer(shared, Clusters.GROUP).balance(-1).moves().isEmpty());
  }
}
