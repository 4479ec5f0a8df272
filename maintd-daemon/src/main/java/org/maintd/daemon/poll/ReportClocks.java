package org.maintd.daemon.poll;

import java.time.Duration;

/**
 * What the signatures of the nodes' reports tell of the nodes' clocks: a report refused because it
 * was signed further from this daemon's clock than the signatures allow, or a report whose
 * signature was accepted. Implementations are thread-safe.
 */
public interface ReportClocks {
  /** Told nothing: for readers whose clocks nobody watches. */
  ReportClocks NONE =
      new ReportClocks() {
        @Override
        public void refused(String node, Duration ahead, Duration allowed) {}

        @Override
        public void accepted(String node) {}
      };

  /**
   * {@code node}'s report was refused: signed {@code ahead} of this daemon's clock (negative:
   * behind), more than the {@code allowed} skew.
   */
  void refused(String node, Duration ahead, Duration allowed);

  /** {@code node}'s report was signed within the allowed skew and its signature accepted. */
  void accepted(String node);
}
