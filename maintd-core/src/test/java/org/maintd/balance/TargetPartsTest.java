package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.cluster.Cluster;

/**
 * A target part tried for one instance serves every instance with the same key on that node: the
 * moves with the same key leave the target alike to the last bit, refused or not, on clusters with
 * exclusion tags, locations, desired locations, migration tags and offline nodes, before and after
 * moves; and the instances that differ in anything a placement reads of them get different shapes.
 */
class TargetPartsTest {
  private static final MoveKind[] KINDS = {
    MoveKind.FAILOVER_TO_ANY,
    MoveKind.REPLACE_SECONDARY,
    MoveKind.REPLACE_AND_FAILOVER,
    MoveKind.REPLACE_PRIMARY,
    MoveKind.FAILOVER_AND_REPLACE
  };

  static LongStream seeds() {
    return LongStream.rangeClosed(1, 14);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void movesWithTheSameKeyLeaveTheTargetAlike(long seed) {
    BalanceOptions options = BalanceOptions.hbal().withIgnoreSoftErrors(seed % 4 == 0);
    BalanceModel model =
        BalanceModel.of(RandomClusters.tagged(9, 70, seed), Clusters.GROUP, options);
    int[] shapes = TargetParts.shapes(model.instances());
    int shared = 0;
    for (int step = 0; step < 4; step++) {
      shared += checkEveryKey(model, shapes, "seed " + seed + ", step " + step);
      model.bestMove().ifPresent(model::apply);
    }
    assertTrue(shared > 100, "seed " + seed + ": only " + shared + " parts shared");
  }

  @Test
  void instancesDifferingInWhatAPlacementReadsHaveOtherShapes() {
    String base = "|1024|10240|1|running|Y|node00|node01|drbd||1|-|N";
    List<String> variants =
        List.of(
            base,
            "|2048|10240|1|running|Y|node00|node01|drbd||1|-|N",
            "|1024|20480|1|running|Y|node00|node01|drbd||1|-|N",
            "|1024|10240|2|running|Y|node00|node01|drbd||1|-|N",
            "|1024|10240|1|ADMIN_offline|Y|node00|node01|drbd||1|-|N",
            "|1024|10240|1|running|N|node00|node01|drbd||1|-|N",
            "|1024|10240|1|running|Y|node00|node01|drbd|service:s1|1|-|N",
            "|1024|10240|1|running|Y|node00|node01|drbd||2|-|N",
            "|1024|10240|1|running|Y|node00|node01|drbd||1|3|N",
            "|1024|10240|1|running|Y|node00||plain||1|-|N",
            "|1024|10240|1|running|Y|node00|node01|drbd||1|-|Y");
    StringBuilder instances = new StringBuilder("twin" + base + "\n");
    for (int k = 0; k < variants.size(); k++) {
      instances.append("inst").append(k).append(variants.get(k)).append('\n');
    }
    Cluster cluster =
        Clusters.of(
            "node00|65536|1024|60000|786432|700000|32|N|fake-uuid|1\n"
                + "node01|65536|1024|60000|786432|700000|32|N|fake-uuid|1\n",
            instances.toString(),
            "htools:iextags:service",
            Clusters.POLICY);
    BalanceInstance[] all = BalanceModel.of(cluster, Clusters.GROUP).instances();
    int[] shapes = TargetParts.shapes(all);
    assertEquals(shapes[0], shapes[1], "twins");
    assertEquals(variants.size() + 1, all.length);
    for (int k = 2; k < all.length; k++) {
      assertNotEquals(shapes[0], shapes[k], all[k].instance.toString());
    }
    assertEquals(variants.size(), Arrays.stream(shapes).distinct().count());
  }

  /**
   * Checks every target part of the model as it is against the first with the same key on the same
   * node; the number of parts that had one.
   */
  private static int checkEveryKey(BalanceModel model, int[] shapes, String why) {
    Map<List<Object>, String> seen = new HashMap<>();
    int shared = 0;
    BalanceInstance[] instances = model.instances();
    for (int t : model.onlineNodes()) {
      for (int k = 0; k < instances.length; k++) {
        BalanceInstance i = instances[k];
        if (t == i.primary || t == i.secondary || !model.moves().movable(i)) {
          continue;
        }
        for (MoveKind kind : KINDS) {
          if (!model.moves().allows(i, kind)) {
            continue;
          }
          List<Object> key = List.of(t, model.moves().targetKey(i, kind, t, shapes[k]));
          String part = part(model, i, kind, t);
          String first = seen.putIfAbsent(key, part);
          if (first != null) {
            assertEquals(first, part, why + ": " + i.instance.name() + " " + kind + " " + t);
            shared++;
          }
        }
      }
    }
    return shared;
  }

  /** The target part of a move tried afresh, written out whole. */
  private static String part(BalanceModel model, BalanceInstance i, MoveKind kind, int t) {
    NodeState target = model.moves().target(i, kind, t);
    if (target == null) {
      return "refused";
    }
    double[] delta = new double[ScoreSums.WIDTH];
    Map<String, Integer> pairs =
        model.sums().delta(model.nodes(), new NodeState[] {target}, delta, 0);
    return Arrays.toString(delta) + new TreeMap<>(pairs);
  }
}
