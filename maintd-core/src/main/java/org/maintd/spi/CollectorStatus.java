package org.maintd.spi;

import java.time.Instant;
import java.util.Objects;

/**
 * A node's collector as the leader last polled it, kept in the state so that a standby shows it:
 * its health ({@code ok}, {@code collector-error}, {@code rejected}, {@code unreachable}), the
 * detail for operators, and since when it has said so. Compact: it changes, and the state with it,
 * only when the health or the detail does.
 */
public record CollectorStatus(String health, String detail, Instant since) {
  public CollectorStatus {
    Objects.requireNonNull(health, "health");
    detail = detail == null ? "" : detail;
    Objects.requireNonNull(since, "since");
  }

  /** What {@code reading} says, since {@code previous}'s time when it says the same. */
  public static CollectorStatus of(CollectorReading reading, CollectorStatus previous) {
    boolean same =
        previous != null
            && previous.health().equals(reading.health())
            && previous.detail().equals(reading.detail());
    return new CollectorStatus(
        reading.health(), reading.detail(), same ? previous.since() : reading.at());
  }
}
