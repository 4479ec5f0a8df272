package org.maintd.machine;

import java.time.Instant;
import java.util.Objects;

/**
 * A node that maintd has taken out of service: since when, by whom ({@code owner}: the incident
 * uuid or campaign owner whose job drained it) and why. Only such nodes can be put back with {@code
 * up} without forcing it.
 */
public record Machine(String node, Instant since, String owner, String reason) {
  public Machine {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(since, "since");
    owner = owner == null ? "" : owner;
    reason = reason == null ? "" : reason;
  }
}
