package org.maintd.safety;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Group;
import org.maintd.cluster.Node;
import org.maintd.wait.CapacityWait;

/**
 * Counts the nodes out of service (drained or offline) per node group and per failure domain during
 * one planning pass, and says whether one more may go. Nodes taken down by steps planned in the
 * same pass count at once. Not thread-safe.
 */
public final class UnavailabilityLedger {
  private final Cluster cluster;
  private final SafetyCaps caps;
  private final Map<String, Set<String>> downByGroup = new HashMap<>();
  private final Map<String, Set<String>> downByDomain = new HashMap<>();
  private final Map<String, Integer> sizeByGroup = new HashMap<>();
  private final Map<String, Integer> sizeByDomain = new HashMap<>();

  public UnavailabilityLedger(Cluster cluster, SafetyCaps caps) {
    this.cluster = cluster;
    this.caps = caps;
    for (Node n : cluster.nodes()) {
      sizeByGroup.merge(n.group(), 1, Integer::sum);
      domains(n).forEach(d -> sizeByDomain.merge(d, 1, Integer::sum));
      if (n.offline() || n.drained()) {
        record(n);
      }
    }
  }

  /**
   * Which cap keeps {@code node} from being taken out of service now; empty when none does, or when
   * it is out already (or counted out by a step of this pass, whose job may not have run yet).
   */
  public Optional<CapacityWait.CapReached> refusal(Node node) {
    Set<String> down = downByGroup.getOrDefault(node.group(), Set.of());
    if (node.offline() || node.drained() || down.contains(node.name())) {
      return Optional.empty();
    }
    int allowed = caps.maxUnavailable().of(sizeByGroup.getOrDefault(node.group(), 0));
    if (down.size() >= allowed) {
      return Optional.of(capped("group " + groupName(node.group()), down, allowed));
    }
    for (String domain : domains(node)) {
      Set<String> inDomain = downByDomain.getOrDefault(domain, Set.of());
      int domainAllowed = caps.maxUnavailable().of(sizeByDomain.getOrDefault(domain, 0));
      if (inDomain.size() >= domainAllowed) {
        return Optional.of(capped("failure domain " + domain, inDomain, domainAllowed));
      }
    }
    return Optional.empty();
  }

  /** Records that a step planned in this pass takes {@code node} out of service. */
  public void takeDown(Node node) {
    record(node);
  }

  private void record(Node n) {
    downByGroup.computeIfAbsent(n.group(), g -> new LinkedHashSet<>()).add(n.name());
    domains(n)
        .forEach(d -> downByDomain.computeIfAbsent(d, k -> new LinkedHashSet<>()).add(n.name()));
  }

  private List<String> domains(Node n) {
    List<String> out = new ArrayList<>();
    for (String tag : n.tags()) {
      for (String prefix : caps.failureDomainPrefixes()) {
        if (tag.startsWith(prefix)) {
          out.add(tag);
        }
      }
    }
    return out;
  }

  private String groupName(String uuid) {
    return cluster.groupByUuid(uuid).map(Group::name).orElse(uuid);
  }

  private CapacityWait.CapReached capped(String scope, Set<String> down, int allowed) {
    return new CapacityWait.CapReached(
        scope, List.copyOf(down), allowed, caps.maxUnavailable().toString());
  }
}
