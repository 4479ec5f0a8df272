package org.maintd.daemon.leader;

import org.maintd.daemon.service.Part;

/**
 * How a daemon that does not start as the leader comes to lead: ZooKeeper's election among the
 * daemons of the master candidates, or waiting until this node becomes the cluster's master. It
 * tells its {@link Listener} when this daemon is elected and when it is deposed, one event at a
 * time, on its own thread.
 */
public interface Election {

  /** The election as a part of the daemon: started, closed, failed, and in {@code /1/health}. */
  Part part();

  /** What is told, in order, on the election's thread. */
  interface Listener {
    /** This daemon leads from now on; it may block while it takes over. */
    void elected();

    /** This daemon no longer leads, because of {@code why}. */
    void deposed(String why);
  }

  void listen(Listener listener);

  /** Whether this daemon leads now. */
  boolean leads();

  /**
   * Whether this daemon can be sure now that no other daemon leads: always, but where a lease
   * bounds leadership (ZooKeeper's, {@code ZooKeeperLease}), only while it holds. A daemon that
   * leads but is not sure answers nothing as the leader, submits nothing and writes nothing.
   */
  default boolean sure() {
    return true;
  }

  /** The URL of the daemon that leads now, or empty when none does (or it is not known). */
  String leaderUrl();

  /** Gives up leadership, if held, and stands again: after a failure that a new start may cure. */
  void rejoin();

  /**
   * Gives up leadership, if held, and stands no more until {@link #standAgain}: a daemon that
   * cannot do the leader's work now (the state is lost and it may not rebuild it) lets another, one
   * that may, be elected. False when this election cannot stand aside (then nothing changed).
   */
  default boolean standAside() {
    return false;
  }

  /** Stands for election again after {@link #standAside}; nothing when it stands already. */
  default void standAgain() {}

  /** When a leader was last known, for how long none has been; null while none ever was. */
  default java.time.Instant leaderLastKnown() {
    return null;
  }
}
