package org.maintd.rehearse;

import org.maintd.spi.MaintdState;

/**
 * Whether a tick of a rehearsal changed the state: in more than its version and its campaigns'
 * progress texts, which a round rewrites while nothing happens (a soak counting its seconds), so
 * that a soak is a quiet wait the play can jump over, not a change at every tick. Stateless.
 */
public final class StateChange {
  private StateChange() {}

  /** Whether {@code after} says more than {@code before} did. */
  public static boolean between(MaintdState before, MaintdState after) {
    return !progressAside(before).sameContentAs(progressAside(after));
  }

  private static MaintdState progressAside(MaintdState s) {
    return s.withCampaigns(s.campaigns().stream().map(c -> c.withNext("")).toList());
  }
}
