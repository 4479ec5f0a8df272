package org.maintd.daemon.app;

import java.util.Optional;
import org.maintd.daemon.zookeeper.ZooKeeperStateStore;

/**
 * What a failure of the leader's work says of itself: whether a new election may cure it (ZooKeeper
 * failed, or a new leader fenced this one off), and which of its causes is of a given kind (the
 * store refused access, the stored state cannot be read). Stateless.
 */
final class WorkFailures {
  private WorkFailures() {}

  /**
   * Whether a new election may cure {@code e}: ZooKeeper failed, or a new leader fenced this one.
   */
  static boolean curable(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ZooKeeperStateStore.Fenced || t instanceof ZooKeeperStateStore.Unavailable) {
        return true;
      }
    }
    return false;
  }

  /** The first of {@code e}'s causes (itself included) of {@code type}. */
  static <T extends Throwable> Optional<T> cause(Throwable e, Class<T> type) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (type.isInstance(t)) {
        return Optional.of(type.cast(t));
      }
    }
    return Optional.empty();
  }
}
