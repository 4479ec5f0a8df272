package org.maintd.wait;

/**
 * Why something waits for a node or an instance to be as the step needs it: in the cluster, not the
 * only master, settled, reporting {@code Ok}. Immutable.
 */
public sealed interface NotReady extends WaitReason {
  /** Its node is not in the cluster. */
  record NodeMissing(String node) implements NotReady {
    @Override
    public WaitKind waitKind() {
      return WaitKind.NODE_MISSING;
    }

    @Override
    public String text() {
      return "node " + node + " is not in the cluster";
    }
  }

  /** The node is the master and no master candidate can take the role. */
  record NoMasterCandidate(String node) implements NotReady {
    @Override
    public WaitKind waitKind() {
      return WaitKind.MASTER;
    }

    @Override
    public String text() {
      return "node " + node + " is the master and no online master candidate can take the role";
    }
  }

  /** The instance is not yet as its admin state wants it ({@code status}). */
  record InstanceNotSettled(String status) implements NotReady {
    @Override
    public WaitKind waitKind() {
      return WaitKind.INSTANCE;
    }

    @Override
    public String text() {
      return "the instance is "
          + status
          + "; its result is written once it runs as its admin state wants";
    }
  }

  /** A node has not reported {@code Ok} ({@code fault}: what it reports; empty: unknown). */
  record NotOk(String node, String fault) implements NotReady {
    @Override
    public WaitKind waitKind() {
      return WaitKind.NOT_OK;
    }

    @Override
    public String text() {
      return node
          + (fault.isEmpty() ? " has not reported Ok yet" : " reports " + fault + ", not Ok");
    }
  }
}
