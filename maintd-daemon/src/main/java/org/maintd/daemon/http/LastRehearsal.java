package org.maintd.daemon.http;

import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.maintd.protocol.api.RehearsalView;

/**
 * The last rehearsal this daemon played since it started, as {@code POST /1/rehearsals} answered
 * it, with when and by whom it was asked: published whole, once per rehearsal, so that every read
 * of it ({@code GET /1/rehearsals/last}, the status page) sees one rehearsal, never parts of two.
 * Kept in memory only: a restart, or another daemon, has none. Thread-safe.
 */
public final class LastRehearsal {
  private final AtomicReference<Optional<Kept>> last = new AtomicReference<>(Optional.empty());

  /**
   * A rehearsal as kept: the {@code number}-th since the daemon started, asked at {@code asked} by
   * {@code who}, and what it answered.
   */
  public record Kept(long number, Instant asked, String who, RehearsalView view) {}

  /** Keeps {@code view}, asked at {@code asked} by {@code who}, in place of the one kept before. */
  public void publish(Instant asked, String who, RehearsalView view) {
    last.updateAndGet(
        before -> Optional.of(new Kept(before.map(Kept::number).orElse(0L) + 1, asked, who, view)));
  }

  /** The last rehearsal played; empty before the first. */
  public Optional<Kept> get() {
    return last.get();
  }
}
