package org.maintd.daemon.app;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;
import org.maintd.daemon.runner.DaemonView;

/**
 * What a read of the API serves, whether this daemon leads or not: the leader's runner's view while
 * it does the leader's {@link Work}; otherwise the stored state as the standby last read it, with
 * headers that say how old it is, who leads, and that it is stale while no daemon leads. A leader
 * that is not sure it still leads ({@link Leading#sure}) serves its runner's view with a standby's
 * headers. Thread-safe.
 */
final class ServedView implements Supplier<DaemonView> {
  private final Supplier<Work> work;
  private final StandbyView standbyView;
  private final Leading leading;

  /** Serves {@code work}'s view while there is one (null: none), else {@code standbyView}'s. */
  ServedView(Supplier<Work> work, StandbyView standbyView, Leading leading) {
    this.work = work;
    this.standbyView = standbyView;
    this.leading = leading;
  }

  @Override
  public DaemonView get() {
    Work w = work.get();
    return w != null ? w.runner().view() : standbyView.get();
  }

  /**
   * What a read's answer says of its view: nothing from the leader (its runner's view is current);
   * from a standby, the serial and age of the state it shows and who leads, and that the view is
   * stale while no daemon leads.
   */
  Map<String, String> readHeaders(Instant now) {
    if (work.get() != null && leading.sure()) {
      return Map.of();
    }
    Map<String, String> h = new LinkedHashMap<>();
    StandbyView.Freshness f = standbyView.freshness(now);
    h.put("X-Maintd-State-Serial", Long.toString(f.serial()));
    if (f.ageSeconds() >= 0) {
      h.put("Age", Long.toString(f.ageSeconds()));
    }
    String leader = leading.leaderUrl();
    h.put("X-Maintd-Leader", leader.isEmpty() ? "none" : leader);
    if (leader.isEmpty()) {
      h.put("Warning", "110 maintd \"Response is Stale: no daemon leads\"");
    }
    return h;
  }
}
