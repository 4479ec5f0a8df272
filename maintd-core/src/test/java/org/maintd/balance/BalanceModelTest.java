package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.cluster.Cluster;

/**
 * The model of a node group as hbal reads it: score terms of small clusters, each the value hbal
 * prints for it with {@code -v -v -v}, and the lower bound the balancer stops at, worked out by
 * hand.
 */
class BalanceModelTest {
  private static final String SPECS =
      "128,1,1024,1,1,1|128,1,512,1,1,1;1024,8,1048576,16,8,12|drbd,plain,diskless";

  static Stream<Arguments> terms() {
    return Stream.of(
        Arguments.of(
            "a stopped instance's memory is free now but not forthcoming",
            """
            nodeA|10000|1000|9000|10000|8000|4|N|fake-uuid|1||N|0|1|1.0
            nodeB|10000|2000|8000|10000|10000|4|N|fake-uuid|1||N|0|1|1.0
            nodeC|10000|1000|9000|10000|10000|4|N|fake-uuid|1||N|0|1|1.0
            """,
            "stopped|2000|2000|1|ADMIN_down|Y|nodeA||plain||1|-|N",
            ScoreComponent.FREE_MEM_CV_FORTH,
            0.08164966),
        Arguments.of(
            "a stopped instance's memory is free now",
            """
            nodeA|10000|1000|9000|10000|8000|4|N|fake-uuid|1||N|0|1|1.0
            nodeB|10000|2000|8000|10000|10000|4|N|fake-uuid|1||N|0|1|1.0
            nodeC|10000|1000|9000|10000|10000|4|N|fake-uuid|1||N|0|1|1.0
            """,
            "stopped|2000|2000|1|ADMIN_down|Y|nodeA||plain||1|-|N",
            ScoreComponent.FREE_MEM_CV,
            0.04714045),
        Arguments.of(
            "forthcoming DRBD disks count on both nodes, shared storage on none",
            """
            node0|10000|1000|9000|10000|10000|4|N|fake-uuid|1||N|0|1|1.0
            node1|10000|1000|9000|10000|10000|4|N|fake-uuid|1||N|0|1|1.0
            node2|10000|1000|9000|10000|9700|4|N|fake-uuid|1||N|0|1|1.0
            """,
            """
            soon1|1000|1000|1|ADMIN_down|Y|node1|node0|drbd||1|-|Y
            soon2|1000|5000|1|ADMIN_down|Y|node2||rbd||1|-|Y
            """,
            ScoreComponent.FREE_DISK_CV_FORTH,
            0.03299832),
        Arguments.of(
            "forthcoming disks are not free disk now",
            """
            node0|10000|1000|9000|10000|10000|4|N|fake-uuid|1||N|0|1|1.0
            node1|10000|1000|9000|10000|10000|4|N|fake-uuid|1||N|0|1|1.0
            node2|10000|1000|9000|10000|9700|4|N|fake-uuid|1||N|0|1|1.0
            """,
            """
            soon1|1000|1000|1|ADMIN_down|Y|node1|node0|drbd||1|-|Y
            soon2|1000|5000|1|ADMIN_down|Y|node2||rbd||1|-|Y
            """,
            ScoreComponent.FREE_DISK_CV,
            0.01414214));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("terms")
  void aTermIsWhatHbalPrints(
      String what, String nodes, String instances, ScoreComponent term, double hbal) {
    Cluster c = Clusters.of(nodes, instances, "", "|" + SPECS + "|4.0|32.0");
    assertEquals(hbal, new ClusterScore().components(c, Clusters.GROUP).get(term), 5e-9);
  }

  /**
   * The spindle ratio, which bounds the spindles a node's instances may use, is the group's own
   * policy line's; a group without one has Ganeti's default of 32, not the cluster's line's, as
   * hbal shows in spindles_cv: two nodes of 2 spindles, an instance using 2 on one of them, so the
   * term is 1 / (ratio * 2).
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = ';',
      textBlock =
          """
          # what                                              ; policy lines (group|ratio, / between lines) ; spindles_cv
          no policy line: the default ratio of 32              ;                                             ; 0.015625
          the group's own line                                 ; default|4.0                                 ; 0.125
          the group's own line over the cluster's, after it    ; |8.0 / default|4.0                          ; 0.125
          the group's own line over the cluster's, before it   ; default|4.0 / |8.0                          ; 0.125
          another group's line is not this group's             ; other|2.0                                   ; 0.015625
          the cluster's line alone is not the group's          ; |8.0                                        ; 0.015625
          """)
  void theSpindleRatioIsTheGroupsPolicys(String what, String lines, double hbal) {
    StringBuilder policies = new StringBuilder();
    if (lines != null) {
      for (String l : lines.split("/")) {
        String[] f = l.strip().split("\\|");
        policies.append(f[0]).append('|').append(SPECS).append("|4.0|").append(f[1]).append('\n');
      }
    }
    Cluster c =
        Clusters.of(
            """
            default|fake-uuid|preferred||
            other|other-uuid|preferred||
            """,
            """
            nodeA|10000|1000|9000|10000|8000|4|N|fake-uuid|2||N|0|1|1.0
            nodeB|10000|1000|9000|10000|10000|4|N|fake-uuid|2||N|0|1|1.0
            nodeX|10000|1000|9000|10000|10000|4|N|other-uuid|2||N|0|1|1.0
            """,
            "p|1000|2000|1|ADMIN_down|Y|nodeA||plain||2|-|N",
            "",
            policies.toString());
    assertEquals(
        hbal,
        new ClusterScore().components(c, Clusters.GROUP).get(ScoreComponent.SPINDLES_CV),
        1e-12);
  }

  /**
   * The score hbal stops at: the N+1 reservations of the group's DRBD secondaries spread over all
   * its memory but the largest node's, less spread over all of it, weighted as reserved_mem_rtotal.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          # what                                                      | group        | lower bound
          600 MiB reserved over 6000 MiB, 3000 MiB less the largest  | fake-uuid    | 0.025
          700 MiB reserved over 8000 MiB, 4000 MiB less the largest  | other-uuid   | 0.021875
          a group of one node has no bound                           | single-uuid  | 0
          a group whose other nodes have no memory has no bound      | zero-uuid    | 0
          a group without DRBD instances has no bound                | plain-uuid   | 0
          """)
  void theLowerBoundIsTheSpreadOfTheN1Reservations(String what, String group, double bound) {
    Cluster c =
        Clusters.of(
            """
            default|fake-uuid|preferred||
            other|other-uuid|preferred||
            single|single-uuid|preferred||
            zero|zero-uuid|preferred||
            plain|plain-uuid|preferred||
            """,
            """
            n1|1000|100|300|10000|8000|4|N|fake-uuid|1||N|0|1|1.0
            n2|2000|100|1900|10000|8000|4|N|fake-uuid|1||N|0|1|1.0
            n3|3000|100|2900|10000|10000|4|N|fake-uuid|1||N|0|1|1.0
            x1|4000|100|3200|10000|8000|4|N|other-uuid|1||N|0|1|1.0
            x2|4000|100|3900|10000|8000|4|N|other-uuid|1||N|0|1|1.0
            s1|4000|100|3900|10000|10000|4|N|single-uuid|1||N|0|1|1.0
            z1|4000|100|3400|10000|8000|4|N|zero-uuid|1||N|0|1|1.0
            z2|?|?|?|?|?|?|Y|zero-uuid|1||N|0|1|1.0
            p1|4000|100|3400|10000|8000|4|N|plain-uuid|1||N|0|1|1.0
            p2|4000|100|3900|10000|10000|4|N|plain-uuid|1||N|0|1|1.0
            """,
            """
            d1|600|2000|1|running|Y|n1|n2|drbd||1|-|N
            o1|700|2000|1|running|Y|x1|x2|drbd||1|-|N
            z|500|2000|1|running|Y|z1|z2|drbd||1|-|N
            p|500|2000|1|running|Y|p1||plain||1|-|N
            """,
            "",
            "|" + SPECS + "|4.0|32.0");
    assertEquals(bound, BalanceModel.of(c, group).optimalScore(), 1e-12);
  }
}
