package org.maintd.daemon.backend.sim.rehearse;

import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.function.Supplier;
import org.maintd.daemon.runner.CommandRefused;
import org.maintd.daemon.runner.Commands;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.protocol.text.Escaped;
import org.maintd.rehearse.Act;
import org.maintd.rehearse.PlayedSnapshot;
import org.maintd.rehearse.RehearsalReport;
import org.maintd.round.Refusal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The daemon's rehearsals: each plays one act on a copy of the view it is given ({@link Play}), on
 * the calling thread, and at its end compares the snapshot played with the newest the daemon has
 * published meanwhile (its poller goes on reading the cluster), one at a time (another asked
 * meanwhile is refused as busy: a rehearsal takes a core while it plays). What the play's runner
 * and simulated cluster log is marked with the MDC key {@value #MDC_KEY}, which the daemon's
 * logging leaves out, so that a rehearsed job never reads as a real one in the log; one line says
 * what was rehearsed and how it ended. Thread-safe.
 */
public final class Rehearsals {
  private static final Logger log = LoggerFactory.getLogger(Rehearsals.class);

  /** The MDC key that marks what a play logs. */
  public static final String MDC_KEY = "maintd.rehearsal";

  private final Stage stage;
  private final Clock clock;
  private final Supplier<DaemonView> published;
  private final Semaphore one = new Semaphore(1);

  /** Rehearsals on {@code stage}, from {@code clock}'s time, ending on {@code published}'s view. */
  public Rehearsals(Stage stage, Clock clock, Supplier<DaemonView> published) {
    this.stage = stage;
    this.clock = clock;
    this.published = published;
  }

  /**
   * Plays {@code act} on a copy of {@code view}; throws {@link CommandRefused} as the daemon would
   * refuse the act's command, and {@link Commands.Busy} while another rehearsal plays.
   */
  public RehearsalReport rehearse(DaemonView view, Act act) {
    if (view.cluster() == null) {
      throw new CommandRefused(
          Refusal.CONFLICT, "the daemon has no snapshot of the cluster yet; try again");
    }
    if (!one.tryAcquire()) {
      throw new Commands.Busy("another rehearsal is playing; nothing was rehearsed, try again");
    }
    RehearsalReport report;
    try (MDC.MDCCloseable marked = MDC.putCloseable(MDC_KEY, "playing")) {
      report = new Play(view, act, stage, clock.instant(), () -> since(view)).play();
    } finally {
      one.release();
    }
    log.info(
        "rehearsed {}: {} ({} jobs, {} s as played, {} ticks)",
        Escaped.of(act.says()),
        Escaped.of(report.ending().text()),
        report.jobs().size(),
        report.wallTime().toSeconds(),
        report.ticks());
    return report;
  }

  /** The snapshot {@code played} holds, against the newest the daemon has published. */
  private PlayedSnapshot since(DaemonView played) {
    return PlayedSnapshot.of(
        played.clusterRead(), played.cluster(), Optional.ofNullable(published.get().cluster()));
  }
}
