package org.maintd.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.htools.HtoolsTags;
import org.maintd.wait.CapacityWait;
import org.maintd.wait.CapacityWait.NoRoom.Resource;

/**
 * Free memory, disk and virtual cpus per node during one planning pass, reduced as placements are
 * made. Virtual cpus are limited to {@code vcpuRatio} times the node's physical cpus, as Ganeti's
 * default instance policy does. Also what a placement should avoid where it can: leaving a node
 * unable to take over the DRBD instances of any one peer (N+1: its free memory must stay above the
 * memory it holds in reserve for its largest peer), and putting two primaries with the same
 * exclusion tag (instance tags under a cluster's {@code htools:iextags:} prefixes) on one node. Not
 * thread-safe.
 */
final class Capacity {
  static final double DEFAULT_VCPU_RATIO = 4.0;

  private final Map<String, long[]> free = new HashMap<>();
  private final Map<String, Map<String, Long>> peers = new HashMap<>();
  private final Map<String, Set<String>> exclusionTags = new HashMap<>();
  private final HtoolsTags htoolsTags;

  /** How to undo each take and placement of the round, in the order they were made. */
  private final List<Runnable> undo = new ArrayList<>();

  Capacity(Cluster cluster, double vcpuRatio) {
    htoolsTags = HtoolsTags.of(cluster.tags());
    for (Node n : cluster.nodes()) {
      long cpuRoom = (long) Math.floor(n.resources().cpus() * vcpuRatio);
      free.put(n.name(), new long[] {n.resources().memFree(), n.resources().diskFree(), cpuRoom});
    }
    for (Instance i : cluster.instances()) {
      long[] primary = free.get(i.primary());
      if (primary != null) {
        primary[2] -= i.vcpus();
      }
      Set<String> excluding = exclusionTagsOf(i);
      if (!excluding.isEmpty()) {
        exclusionTags.computeIfAbsent(i.primary(), k -> new HashSet<>()).addAll(excluding);
      }
      if (i.hasSecondary()) {
        peers
            .computeIfAbsent(i.secondary(), k -> new HashMap<>())
            .merge(i.primary(), reservation(i), Long::sum);
      }
    }
  }

  /** What {@code node} lacks to take the need; empty when it can take it. */
  Optional<CapacityWait.NoRoom> shortfall(String node, Need need) {
    long[] f = free.get(node);
    if (f[0] < need.memory()) {
      return Optional.of(new CapacityWait.NoRoom(node, Resource.MEMORY, f[0], need.memory()));
    }
    if (f[1] < need.disk()) {
      return Optional.of(new CapacityWait.NoRoom(node, Resource.DISK, f[1], need.disk()));
    }
    if (need.vcpus() > 0 && f[2] < need.vcpus()) {
      return Optional.of(new CapacityWait.NoRoom(node, Resource.VCPUS, f[2], need.vcpus()));
    }
    return Optional.empty();
  }

  /**
   * What placing {@code inst} on {@code node} (as its primary, or as the secondary of {@code
   * secondaryOf}) would break that should hold: N+1, or an exclusion tag already there; empty when
   * nothing.
   */
  Optional<Compromise> compromise(String node, Instance inst, Need need, String secondaryOf) {
    long[] f = free.get(node);
    long reserved = reserved(node);
    long after = f[0] - need.memory();
    long reserveAfter =
        secondaryOf == null
            ? reserved
            : Math.max(
                reserved,
                peers.getOrDefault(node, Map.of()).getOrDefault(secondaryOf, 0L)
                    + reservation(inst));
    if (f[0] > reserved && after <= reserveAfter) {
      return Optional.of(new Compromise.NPlusOne(node));
    }
    if (secondaryOf == null) {
      Set<String> tags = exclusionTagsOf(inst);
      Set<String> there = exclusionTags.getOrDefault(node, Set.of());
      for (String t : tags) {
        if (there.contains(t)) {
          return Optional.of(new Compromise.ExclusionTag(node, t));
        }
      }
    }
    return Optional.empty();
  }

  void take(String node, Need need) {
    add(node, need, -1);
    undo.add(() -> add(node, need, 1));
  }

  private void add(String node, Need need, long sign) {
    long[] f = free.get(node);
    f[0] += sign * need.memory();
    f[1] += sign * need.disk();
    f[2] += sign * need.vcpus();
  }

  /** Records a placement's reservation and tags, beyond its resources. */
  void place(String node, Instance inst, String secondaryOf) {
    if (secondaryOf != null) {
      long r = reservation(inst);
      Map<String, Long> of = peers.computeIfAbsent(node, k -> new HashMap<>());
      of.merge(secondaryOf, r, Long::sum);
      undo.add(() -> of.merge(secondaryOf, -r, Long::sum));
    } else {
      Set<String> there = exclusionTags.computeIfAbsent(node, k -> new HashSet<>());
      for (String tag : exclusionTagsOf(inst)) {
        if (there.add(tag)) {
          undo.add(() -> there.remove(tag));
        }
      }
    }
  }

  /** Where the placements made so far end: what {@link #giveBack} returns to. */
  int mark() {
    return undo.size();
  }

  /**
   * Gives back what the placements made since {@code mark} took, last first: a repair or a move
   * refused after its targets were chosen leaves their room to the rest of the round.
   */
  void giveBack(int mark) {
    while (undo.size() > mark) {
      undo.remove(undo.size() - 1).run();
    }
  }

  long freeMemory(String node) {
    return free.get(node)[0];
  }

  private long reserved(String node) {
    return peers.getOrDefault(node, Map.of()).values().stream()
        .mapToLong(Long::longValue)
        .max()
        .orElse(0);
  }

  private static long reservation(Instance i) {
    return i.autoBalance() && i.status() != org.maintd.cluster.InstanceStatus.ADMIN_offline
        ? i.memory()
        : 0;
  }

  private Set<String> exclusionTagsOf(Instance i) {
    return i.tags().isEmpty() ? Set.of() : new HashSet<>(htoolsTags.exclusionTags(i.tags()));
  }

  /** What an instance needs on a node that receives it. */
  record Need(long memory, long disk, long vcpus) {}
}
