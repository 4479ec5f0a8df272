package org.maintd.daemon.backend.sim;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.maintd.cluster.Cluster;

/**
 * The persisted form of the simulation: the cluster, every job received, the injected failures, and
 * the nodes powered off with when each comes back ({@link SimBackend#NEVER}: not by itself), and
 * the instances whose disks need activating (their secondary rebooted): what verify-disks reports.
 */
record SimState(
    Cluster cluster,
    List<SimJob> jobs,
    List<FailRule> rules,
    long lastId,
    Map<String, Instant> off,
    java.util.Set<String> staleDisks) {
  SimState {
    off = off == null ? Map.of() : Map.copyOf(off);
    staleDisks = staleDisks == null ? java.util.Set.of() : java.util.Set.copyOf(staleDisks);
  }

  SimState with(Cluster c, List<SimJob> j, List<FailRule> r, long id) {
    return new SimState(c, j, r, id, off, staleDisks);
  }

  /**
   * This state with the nodes {@code o} powered off and the instances {@code stale} to activate.
   */
  SimState withOff(Map<String, Instant> o, java.util.Set<String> stale) {
    return new SimState(cluster, jobs, rules, lastId, o, stale);
  }

  /**
   * Uses up one time of the first rule of {@code rules} that {@code applies} (removed on its last
   * time): whether one did.
   */
  static boolean useRule(List<FailRule> rules, Predicate<FailRule> applies) {
    for (int i = 0; i < rules.size(); i++) {
      FailRule rule = rules.get(i);
      if (applies.test(rule)) {
        if (rule.times() <= 1) {
          rules.remove(i);
        } else {
          rules.set(i, rule.used());
        }
        return true;
      }
    }
    return false;
  }
}
