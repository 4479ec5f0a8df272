package org.maintd.rehearse;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.guard.AlertState;
import org.maintd.jobtime.KindTime;
import org.maintd.jobtime.OperationTimes;

/** What every rehearsal assumes, said with the figures it assumed. Stateless. */
public final class Assumptions {
  private Assumptions() {}

  /**
   * The assumptions of a rehearsal whose jobs took as long as {@code times} says ({@code unread}:
   * why the cluster's job history could not be read, if it could not), that ticked as {@code
   * cadence} says, whose rebooted nodes came back after {@code boot}, that found {@code running}
   * jobs running and the alert interlock as {@code alerts} says.
   */
  public static List<Assumption> of(
      OperationTimes times,
      Optional<String> unread,
      Cadence cadence,
      Duration boot,
      int running,
      AlertState alerts) {
    List<Assumption> all = new ArrayList<>();
    all.add(
        new Assumption(
            "job durations",
            times.says()
                + unread.map(why -> "; the job history could not be read: " + why).orElse("")));
    all.add(new Assumption("rounds", cadence.says()));
    all.add(
        new Assumption(
            "no new failures",
            "every job succeeds unless the cluster would refuse it, every rebooted node comes back"
                + " after "
                + seconds(boot)
                + " (sim.bootTime), and every node goes on reporting what it reported at the last"
                + " poll"));
    if (running > 0) {
      all.add(
          new Assumption(
              "jobs running now",
              running + " job(s) of the round under way run their whole time again from now"));
    }
    all.add(new Assumption("alert interlock", alerts(alerts)));
    all.add(
        new Assumption(
            "consent", "only the instances' decline tags answer; no consent command is run"));
    return all;
  }

  private static String alerts(AlertState alerts) {
    if (alerts instanceof AlertState.Quiet) {
      return "no alert holds planned work, as at the last reading";
    }
    if (alerts instanceof AlertState.Active a) {
      return a.alerts().size() + " alert(s) stay active, as at the last reading";
    }
    if (alerts instanceof AlertState.Unknown u) {
      return "the alerts stay unreadable, as at the last reading: " + u.reason();
    }
    throw new IllegalArgumentException("no words for the alert state " + alerts);
  }

  /** {@code 1 s}, {@code 0.25 s}. */
  static String seconds(Duration d) {
    return KindTime.seconds(d);
  }
}
