package org.maintd.job;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One operation of a job. Each names the nodes and instances it touches, which is what decides
 * whether two jobs conflict.
 */
public sealed interface Operation {

  /** Stable name, used in logs, failure injection and the wire format. */
  String kind();

  List<String> nodes();

  default List<String> instances() {
    return List.of();
  }

  /** An operation on one node, which is all it touches. */
  sealed interface OnNode extends Operation {
    String node();

    @Override
    default List<String> nodes() {
      return List.of(node());
    }
  }

  /** An operation on one instance, which is the instance it touches. */
  sealed interface OnInstance extends Operation {
    String instance();

    @Override
    default List<String> instances() {
      return List.of(instance());
    }
  }

  /** Sets or clears a node's drained and offline flags; an empty value leaves a flag alone. */
  record SetNodeFlags(String node, Optional<Boolean> drained, Optional<Boolean> offline)
      implements OnNode {
    public static SetNodeFlags drain(String node) {
      return new SetNodeFlags(node, Optional.of(true), Optional.empty());
    }

    public static SetNodeFlags offline(String node) {
      return new SetNodeFlags(node, Optional.empty(), Optional.of(true));
    }

    @Override
    public String kind() {
      return offline.orElse(false) ? "offline" : drained.orElse(false) ? "drain" : "set-node-flags";
    }
  }

  /** An instance leaving {@code source} for {@code target}: the two nodes and it are touched. */
  sealed interface InstanceMove extends OnInstance {
    String source();

    String target();

    @Override
    default List<String> nodes() {
      return List.of(source(), target());
    }
  }

  /** Live migration of a running instance to {@code target}. */
  record Migrate(String instance, String source, String target) implements InstanceMove {
    @Override
    public String kind() {
      return "migrate";
    }
  }

  /** Failover: stop on {@code source}, start on {@code target} (if it should run). */
  record Failover(String instance, String source, String target) implements InstanceMove {
    @Override
    public String kind() {
      return "failover";
    }
  }

  /**
   * Copies a non-redundant instance's disks to {@code target} (the instance is stopped meanwhile).
   */
  record Move(String instance, String source, String target) implements InstanceMove {
    @Override
    public String kind() {
      return "move";
    }
  }

  /** Replaces a DRBD instance's secondary node. */
  record ReplaceSecondary(String instance, String primary, String oldSecondary, String newSecondary)
      implements OnInstance {
    @Override
    public String kind() {
      return "replace-secondary";
    }

    @Override
    public List<String> nodes() {
      return List.of(primary, oldSecondary, newSecondary);
    }
  }

  /** Runs a whitelisted repair command on a node through its collector. */
  record RunRepair(String node, String command, String incident, Map<String, Object> original)
      implements OnNode {
    @Override
    public String kind() {
      return "repair";
    }
  }

  /**
   * Recreates an instance's disks on {@code targets} (the new primary, then the new secondary for
   * mirrored templates), empty: the instance's data is lost and it must be reinstalled. Its {@link
   * #nodes()} are the old and the new nodes, which is what conflicts.
   */
  record RecreateDisks(
      String instance, String oldPrimary, String oldSecondary, List<String> targets)
      implements OnInstance {
    public RecreateDisks {
      targets = List.copyOf(targets);
    }

    @Override
    public String kind() {
      return "recreate-disks";
    }

    @Override
    public List<String> nodes() {
      List<String> all = new java.util.ArrayList<>(List.of(oldPrimary));
      if (!oldSecondary.isEmpty()) {
        all.add(oldSecondary);
      }
      all.addAll(targets);
      return List.copyOf(all);
    }
  }

  /** Reinstalls the operating system of an instance on its primary node. */
  record Reinstall(String instance, String primary) implements OnInstance {
    @Override
    public String kind() {
      return "reinstall";
    }

    @Override
    public List<String> nodes() {
      return List.of(primary);
    }
  }

  /**
   * Reboots a node that is drained and empty, or holds only what the caller accepts to lose. Soft:
   * the node reboots itself (its collector's whitelisted reboot command, where reboots are
   * configured to go through the collectors; else the cluster's power control). Hard: always the
   * cluster manager's power control (Ganeti's node powercycle), the fall-back when a soft reboot
   * failed or the node did not come back in time.
   */
  record RebootNode(String node, boolean hard) implements OnNode {
    /** A soft reboot. */
    public RebootNode(String node) {
      this(node, false);
    }

    @Override
    public String kind() {
      return "reboot";
    }
  }

  /**
   * Powers a node off, to stay off ({@code on} false: soft, the node shuts itself down; hard,
   * through the cluster's power control), or on again (through the cluster's power control).
   */
  record PowerNode(String node, boolean on, boolean hard) implements OnNode {
    @Override
    public String kind() {
      return on ? "power-on" : "power-off";
    }
  }

  /** Moves the master role from {@code from} to the master candidate {@code to}. */
  record FailoverMaster(String from, String to) implements Operation {
    @Override
    public String kind() {
      return "master-failover";
    }

    @Override
    public List<String> nodes() {
      return List.of(from, to);
    }
  }

  /**
   * Starts an instance on its primary (Ganeti's {@code OpInstanceStartup}, not a reboot); a
   * mirrored instance's secondary is touched too, its disks are activated.
   */
  record StartInstance(String instance, String primary, String secondary) implements OnInstance {
    @Override
    public String kind() {
      return "startup";
    }

    @Override
    public List<String> nodes() {
      return secondary.isEmpty() ? List.of(primary) : List.of(primary, secondary);
    }
  }

  /**
   * Shuts an instance down ({@code OpInstanceShutdown}); {@code userSource}: with the admin state
   * source {@code user}, as after a shutdown from inside the instance.
   */
  record ShutdownInstance(String instance, String primary, boolean userSource)
      implements OnInstance {
    @Override
    public String kind() {
      return "shutdown";
    }

    @Override
    public List<String> nodes() {
      return List.of(primary);
    }
  }

  /**
   * Activates an instance's disks ({@code OpInstanceActivateDisks}) on its primary and secondary.
   */
  record ActivateDisks(String instance, String primary, String secondary) implements OnInstance {
    @Override
    public String kind() {
      return "activate-disks";
    }

    @Override
    public List<String> nodes() {
      return secondary.isEmpty() ? List.of(primary) : List.of(primary, secondary);
    }
  }
}
