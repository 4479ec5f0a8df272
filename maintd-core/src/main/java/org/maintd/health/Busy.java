package org.maintd.health;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What instance health must keep off: the nodes others have taken or are about to take (each with
 * why: a job of this round, an incident, a campaign step, a reboot request, a maintenance window)
 * and the instances this round's jobs already touch.
 */
public record Busy(Map<String, String> nodes, Set<String> instances) {
  public Busy {
    nodes = Map.copyOf(nodes);
    instances = Set.copyOf(instances);
  }

  public static Busy none() {
    return new Busy(Map.of(), Set.of());
  }

  /** Why {@code instance} on {@code nodes} must be left alone this round; empty when it may go. */
  Optional<String> why(String instance, String... onNodes) {
    if (instances.contains(instance)) {
      return Optional.of("another job of this round touches it");
    }
    return Stream.of(onNodes)
        .filter(n -> !n.isEmpty() && nodes.containsKey(n))
        .findFirst()
        .map(n -> "node " + n + " " + nodes.get(n));
  }
}
