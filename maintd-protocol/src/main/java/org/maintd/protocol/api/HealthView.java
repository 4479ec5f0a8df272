package org.maintd.protocol.api;

import java.util.List;

/**
 * {@code /1/health}: the daemon's state ({@code STARTING}, {@code RUNNING}, {@code STANDBY}: it
 * works but another daemon leads, {@code STOPPING} or {@code FAILED}: one of its parts failed),
 * whether it leads and the URL of the daemon that does (empty when none does or it is not known),
 * the master node it acts for, its last tick, the last error (a failed part's cause, or a transient
 * one such as a backend that did not answer), and each part. Served with 200 while the daemon
 * works, 503 once it has failed.
 */
public record HealthView(
    String state,
    boolean leader,
    String leader_url,
    String master,
    Double last_tick,
    String last_error,
    List<PartHealth> parts) {
  public HealthView {
    parts = List.copyOf(parts);
  }
}
