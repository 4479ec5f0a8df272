package org.maintd.campaign;

import java.time.Instant;
import java.util.Optional;

/**
 * What the collectors last said about a node, as a campaign needs it: the boot id of its last
 * report, the fault it reports (empty when none), and since when it has reported {@code Ok} without
 * a gap (empty when its last poll was not a clean {@code Ok}).
 */
public record NodeSignal(String bootId, String fault, Optional<Instant> okSince) {
  public NodeSignal {
    bootId = bootId == null ? "" : bootId;
    fault = fault == null ? "" : fault;
  }

  public static NodeSignal unknown() {
    return new NodeSignal("", "", Optional.empty());
  }
}
