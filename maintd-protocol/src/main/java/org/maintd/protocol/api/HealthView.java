package org.maintd.protocol.api;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;

/**
 * {@code /1/health}: the daemon's state ({@code STARTING}, {@code RUNNING}, {@code STANDBY}: it
 * works but another daemon leads, {@code STATE_UNREADABLE}: the stored state cannot be read, so
 * nothing is done until a good one is back, {@code STATE_LOST}, {@code ACCESS_DENIED}: the store
 * refuses maintd access to its state, {@code DISCONNECTED}, {@code TAKING_OVER}, {@code NO_LEADER},
 * {@code STOPPING} or {@code FAILED}: one of its parts failed), whether it leads and the URL of the
 * daemon that does (empty when none does or it is not known), the master node it acts for, its last
 * tick, the last error (a failed part's cause, why the state cannot be read, or a transient one
 * such as a backend that did not answer), each part, warnings about how it is set up (ZooKeeper
 * ACLs left open, say), and the faults it sees around it now ({@link FaultView}). Served with 200
 * while the daemon does its work ({@link #serving}), 503 otherwise.
 */
public record HealthView(
    String state,
    boolean leader,
    String leader_url,
    String master,
    Double last_tick,
    String last_error,
    List<PartHealth> parts,
    List<String> warnings,
    List<FaultView> faults) {
  public HealthView {
    parts = List.copyOf(parts);
    warnings = warnings == null ? List.of() : List.copyOf(warnings);
    faults = faults == null ? List.of() : List.copyOf(faults);
  }

  /** Whether the daemon does its work: it runs, leading or standing by. */
  @JsonIgnore
  public boolean serving() {
    return state.equals("RUNNING") || state.equals("STANDBY");
  }
}
