package org.maintd.safety;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.incident.Observation;

/**
 * Recognises a fault storm: more than {@code thresholdPercent} of the online nodes report a fault
 * in one poll. A diagnose script that is broken everywhere must not evacuate the cluster, so a
 * storm pauses every automatic action until the operator resumes.
 */
public record StormGuard(int thresholdPercent) {

  public StormGuard {
    if (thresholdPercent < 0 || thresholdPercent > 100) {
      throw new IllegalArgumentException(
          "the storm threshold is a percentage from 0% to 100%, not " + thresholdPercent + "%");
    }
  }

  /** A description of the storm this poll shows, or empty when there is none. */
  public Optional<String> storm(Cluster cluster, Map<String, Observation> poll) {
    List<Node> online = cluster.nodes().stream().filter(n -> !n.offline()).toList();
    TreeSet<String> faulty = new TreeSet<>();
    for (Node n : online) {
      if (poll.get(n.name()) instanceof Observation.Fault) {
        faulty.add(n.name());
      }
    }
    if (online.isEmpty() || faulty.size() * 100L <= (long) thresholdPercent * online.size()) {
      return Optional.empty();
    }
    long percent = Math.round(faulty.size() * 100.0 / online.size());
    return Optional.of(
        "storm guard: "
            + faulty.size()
            + " of "
            + online.size()
            + " online nodes ("
            + percent
            + "%) reported a fault in one poll, more than the storm threshold of "
            + thresholdPercent
            + "% ("
            + String.join(", ", faulty)
            + "); check the diagnose scripts, then run 'maintctl resume'");
  }
}
