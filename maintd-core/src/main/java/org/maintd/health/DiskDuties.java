package org.maintd.health;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.wait.WaitReason;

/**
 * The watcher's disk duties. A node whose collector reports another boot id than the one stored
 * rebooted: the mirrored instances that have it as secondary and their disks active need their
 * disks activated (a node first seen is only recorded). Instances verify-disks reports with offline
 * disks need the same. Each is activated when it can be, else waits for a later round; an instance
 * started this round (its start activates its disks), one gone, one whose disks are not active and
 * a helpless one (or one with an offline secondary) are dropped. Not thread-safe.
 */
final class DiskDuties {
  private final HealthRound round;
  private final HealthInput in;
  private final Map<String, String> pending;

  DiskDuties(HealthRound round) {
    this.round = round;
    this.in = round.in();
    this.pending = new TreeMap<>(in.stored().pendingDisks());
  }

  /** The boot ids to store; each rebooted node's instances join those pending. */
  Map<String, String> rebooted() {
    Map<String, String> ids = new TreeMap<>(in.stored().bootIds());
    ids.keySet().retainAll(in.cluster().nodesByName().keySet());
    for (Node n : in.cluster().nodes()) {
      String now = in.bootIds().getOrDefault(n.name(), "");
      String before = ids.get(n.name());
      if (now.isEmpty() || now.equals(before)) {
        continue;
      }
      ids.put(n.name(), now);
      if (before != null) {
        round.log(
            false, "[node=" + n.name() + "] rebooted (boot id " + before + " -> " + now + ")");
        in.cluster().secondariesOf(n.name()).stream()
            .filter(i -> i.diskTemplate() == DiskTemplate.DRBD && in.disks().active(i))
            .forEach(i -> pending.put(i.name(), "its secondary node " + n.name() + " rebooted"));
      }
    }
    in.disks()
        .offline()
        .forEach(name -> pending.putIfAbsent(name, "verify-disks reports them offline"));
    return ids;
  }

  /** Activates what it can; what waits is returned. */
  Map<String, String> activate(Set<String> started) {
    Map<String, String> waiting = new TreeMap<>();
    pending.forEach(
        (name, why) -> {
          Optional<Instance> inst = in.cluster().instance(name);
          if (inst.isEmpty() || started.contains(name) || !in.disks().active(inst.get())) {
            return;
          }
          Instance i = inst.get();
          Cluster c = in.cluster();
          if (Helpless.helpless(c, i) || Helpless.secondaryOffline(c, i)) {
            round.does(name, "disks not activated: helpless or secondary offline");
            return;
          }
          Optional<String> wait = Helpless.waits(in, i, i.primary(), i.secondary());
          if (wait.isPresent()) {
            waiting.put(name, why);
            round.waits(name, "disks to activate (" + why + "); " + WaitReason.waits(wait.get()));
            return;
          }
          round.duty(new Duty.ActivateDisks(name, i.primary(), i.secondary(), why));
          round.keep(name, round.record(name).disksActivated(in.now()));
          round.does(name, "activate disks: " + why);
        });
    return waiting;
  }
}
