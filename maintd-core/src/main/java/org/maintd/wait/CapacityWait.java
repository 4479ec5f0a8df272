package org.maintd.wait;

import java.util.List;

/**
 * Why something waits for capacity: the safety caps allow no more nodes out of service, a node has
 * too little room, no node has room, or a node may not receive instances. Immutable.
 */
public sealed interface CapacityWait extends WaitReason {
  /**
   * A safety cap: {@code scope} (a node group or a failure domain) already has {@code down} out of
   * service, as many as {@code cap} allows ({@code allowed} nodes).
   */
  record CapReached(String scope, List<String> down, int allowed, String cap)
      implements CapacityWait {
    public CapReached {
      down = List.copyOf(down);
    }

    @Override
    public WaitKind waitKind() {
      return WaitKind.CAP;
    }

    @Override
    public String text() {
      return "cap: "
          + scope
          + " already has "
          + down.size()
          + " node(s) out of service ("
          + String.join(", ", down)
          + "), maxUnavailable allows "
          + allowed
          + " ("
          + cap
          + ")";
    }

    /** A wait for the safety caps says so as such. */
    @Override
    public String waits() {
      return "waits for the safety cap: " + text();
    }
  }

  /** A node has too little of a resource for what is to be placed there. */
  record NoRoom(String node, Resource resource, long free, long needed) implements CapacityWait {
    /** What a node lacks. */
    public enum Resource {
      MEMORY,
      DISK,
      VCPUS
    }

    @Override
    public WaitKind waitKind() {
      return WaitKind.NO_ROOM;
    }

    @Override
    public String text() {
      return switch (resource) {
        case MEMORY -> node + " has " + free + " MiB free memory, " + needed + " needed";
        case DISK -> node + " has " + free + " MiB free disk, " + needed + " needed";
        case VCPUS -> node + " has room for " + free + " more vcpus, " + needed + " needed";
      };
    }
  }

  /**
   * No node of the group has room for {@code need}, the nodes {@code ruledOut} aside (why each).
   */
  record NoTarget(String need, List<String> ruledOut) implements CapacityWait {
    public NoTarget {
      ruledOut = List.copyOf(ruledOut);
    }

    public NoTarget(String need) {
      this(need, List.of());
    }

    @Override
    public WaitKind waitKind() {
      return WaitKind.NO_ROOM;
    }

    @Override
    public String text() {
      return "no "
          + need
          + (ruledOut.isEmpty() ? "" : "; ruled out: " + String.join(", ", ruledOut));
    }
  }

  /** A node may not receive instances: it is offline or drained, or out of the round's reach. */
  record TargetRefused(String node, String why) implements CapacityWait {
    @Override
    public WaitKind waitKind() {
      return WaitKind.TARGET;
    }

    @Override
    public String text() {
      return node + " " + why;
    }
  }
}
