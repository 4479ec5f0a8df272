package org.maintd.daemon.ui;

import java.util.Optional;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.api.PlanView;

/**
 * The top of the page: the daemon's health and who leads (a standby links the leader's page),
 * whether automatic actions are paused and why, the storm the last poll showed, why the round is
 * held back and what holds planned work, and how many incidents and nodes there are. Immutable.
 */
public record Overview(
    HealthView health,
    boolean paused,
    String pauseReason,
    String storm,
    Optional<PlanView.Held> plannedWorkHeld,
    String heldBack,
    long round,
    int incidents,
    int activeIncidents,
    int nodes) {

  /** Whether this daemon applies changes (it leads); a standby's page offers none. */
  public boolean leads() {
    return health.leader();
  }

  /** The leader's page, on a standby that knows the leader. */
  public Optional<String> leaderPage() {
    String url = health.leader_url();
    return health.leader() || url == null || url.isEmpty()
        ? Optional.empty()
        : Optional.of(url + "/ui");
  }
}
