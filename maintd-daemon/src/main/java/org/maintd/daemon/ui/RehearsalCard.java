package org.maintd.daemon.ui;

import org.maintd.daemon.http.LastRehearsal;
import org.maintd.protocol.api.RehearsalView;

/**
 * The last rehearsal as the page shows it: what was played and how it ended, when and by whom it
 * was asked, and its timeline. Immutable.
 */
public record RehearsalCard(LastRehearsal.Kept kept, RehearsalTimeline timeline) {

  /** {@code kept} with its timeline. */
  public static RehearsalCard of(LastRehearsal.Kept kept) {
    return new RehearsalCard(kept, RehearsalTimeline.of(kept.view()));
  }

  public RehearsalView view() {
    return kept.view();
  }
}
