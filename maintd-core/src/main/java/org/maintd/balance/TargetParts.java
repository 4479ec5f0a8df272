package org.maintd.balance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What a move does to its target, tried once per node and {@link Key} and shared by every instance
 * with that key, until the node changes. Placing an instance on a node reads of the instance only
 * what its {@link Shape} holds, and of its other nodes only what the key holds besides, so two
 * instances with the same key leave the target alike, to the last bit: on a group whose instances
 * come in a few sizes, a node that a move changed is tried again for a few dozen keys instead of
 * for each of the instances. Not thread-safe.
 */
final class TargetParts {
  /**
   * A target part's key: the move's kind, the instance's shape, whether the placement is forced,
   * whether migration tags allow the move, and the location score the instance takes with it (for a
   * new primary) or the memory the target already holds for the instance's other node (for a new
   * secondary).
   */
  record Key(MoveKind kind, int shape, boolean forced, boolean migrates, long other) {}

  /** What a move does to its target: refused by a placement check, or tried. */
  sealed interface Part permits Refused, Tried {}

  /** A placement check refused the move. */
  record Refused() implements Part {}

  /** The move's change of the score's sums ({@link ScoreSums#WIDTH} numbers), and of the pairs. */
  record Tried(double[] delta, Map<String, Integer> pairs) implements Part {
    /** No change: the failover's target part, all of whose change is in its source part. */
    static final Tried NONE = new Tried(new double[ScoreSums.WIDTH], Map.of());
  }

  /** What placing an instance on a node reads of it ({@link NodeOps}). */
  private record Shape(
      boolean forthcoming,
      boolean usesMemory,
      boolean usesSecMem,
      boolean local,
      boolean notOffline,
      BalanceInstance.Mirror mirror,
      long mem,
      long disk,
      long spindles,
      int spindleUse,
      int vcpus,
      Utilisation util,
      List<String> exclusionTags) {
    static Shape of(BalanceInstance i) {
      return new Shape(
          i.forthcoming,
          i.usesMemory,
          i.usesSecMem,
          i.local,
          i.notOffline,
          i.mirror,
          i.mem(),
          i.disk(),
          i.spindles,
          i.instance.spindleUse(),
          i.instance.vcpus(),
          i.util,
          List.copyOf(i.exclusionTags));
    }
  }

  private final List<Map<Key, Part>> byNode = new ArrayList<>();

  /** None tried yet, on {@code nodes} nodes. */
  TargetParts(int nodes) {
    for (int n = 0; n < nodes; n++) {
      byNode.add(new HashMap<>());
    }
  }

  /**
   * Numbers the shapes of {@code instances}: equal numbers for the instances that are alike on any
   * target, in the order of the array.
   */
  static int[] shapes(BalanceInstance[] instances) {
    Map<Shape, Integer> seen = new HashMap<>();
    int[] out = new int[instances.length];
    for (int k = 0; k < instances.length; k++) {
      out[k] = seen.computeIfAbsent(Shape.of(instances[k]), s -> seen.size());
    }
    return out;
  }

  /** The part of {@code key} on node {@code node}, tried with {@code trial} if not known yet. */
  Part of(int node, Key key, Function<Key, Part> trial) {
    return byNode.get(node).computeIfAbsent(key, trial);
  }

  /** Forgets the parts of {@code node}: a move changed it. */
  void forget(int node) {
    byNode.get(node).clear();
  }
}
