package org.maintd.reboot;

import java.time.Instant;
import java.util.Optional;
import org.maintd.wait.CapacityWait;

/**
 * What the round sees of a node for its power cycle: its flags, how many primary instances it
 * holds, whether it is the master, what its collector last said ({@code bootId}, empty when it did
 * not answer; {@code answering}: it answered the last poll; {@code reported}: when the collector
 * made that report, by its own clock, empty when it does not say), whether another owner's job
 * holds it this round ({@code busy}), and which safety cap refuses to take it out of service
 * (empty: they allow it).
 */
public record NodeFacts(
    boolean drained,
    boolean offline,
    boolean master,
    int primaries,
    String bootId,
    boolean answering,
    Optional<Instant> reported,
    boolean busy,
    Optional<CapacityWait.CapReached> cap) {
  public NodeFacts {
    bootId = bootId == null ? "" : bootId;
    reported = reported == null ? Optional.empty() : reported;
  }
}
