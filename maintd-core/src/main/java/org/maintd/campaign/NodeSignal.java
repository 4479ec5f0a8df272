package org.maintd.campaign;

import java.time.Instant;
import java.util.Optional;

/**
 * What the collectors last said about a node, as a campaign or a reboot needs it: the boot id of
 * its last report, the fault it reports (empty when none), since when it has reported {@code Ok}
 * without a gap (empty when its last poll was not a clean {@code Ok}), and when the collector made
 * its last report, by its own clock (empty when it did not say).
 */
public record NodeSignal(
    String bootId, String fault, Optional<Instant> okSince, Optional<Instant> reported) {
  public NodeSignal {
    bootId = bootId == null ? "" : bootId;
    fault = fault == null ? "" : fault;
    reported = reported == null ? Optional.empty() : reported;
  }

  /** A signal that does not say when its report was made. */
  public NodeSignal(String bootId, String fault, Optional<Instant> okSince) {
    this(bootId, fault, okSince, Optional.empty());
  }

  public static NodeSignal unknown() {
    return new NodeSignal("", "", Optional.empty());
  }
}
