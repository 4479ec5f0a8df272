package org.maintd.daemon.runner;

import org.maintd.cluster.Cluster;

/**
 * Whether this daemon may act: {@link #mayAct} is asked before every tick with the cluster just
 * read (does this daemon still lead, is its node still the master, is its store reachable), and
 * {@link #beforeChange} right before each submission and tag change, where a daemon fenced off by a
 * new leader must throw rather than change the cluster.
 */
@FunctionalInterface
public interface Gate {
  boolean mayAct(Cluster cluster);

  /** Throws when this daemon may no longer change the cluster; does nothing by default. */
  default void beforeChange() {}
}
