package org.maintd.protocol.api;

import java.util.List;

/**
 * {@code /1/health}: the daemon's state ({@code STARTING}, {@code RUNNING}, {@code STOPPING} or
 * {@code FAILED}: one of its parts failed), the node it acts for as the master, its last tick, the
 * last error (a failed part's cause, or a transient one such as a backend that did not answer), and
 * each part. Served with 200 while the daemon works, 503 once it has failed.
 */
public record HealthView(
    String state, String leader, Double last_tick, String last_error, List<PartHealth> parts) {
  public HealthView {
    parts = List.copyOf(parts);
  }
}
