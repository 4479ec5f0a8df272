package org.maintd.daemon.alerts;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.maintd.daemon.clock.Ticker;
import org.maintd.daemon.config.Maintenance;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.daemon.service.DaemonThreads;
import org.maintd.daemon.service.Part;
import org.maintd.guard.Alert;
import org.maintd.guard.AlertInterlock;
import org.maintd.guard.AlertReading;
import org.maintd.guard.AlertState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The alert interlock as a part of the daemon: its own thread asks Prometheus ({@code asked}, each
 * try within the interlock's timeout) when the part starts and then {@code interval} after each try
 * ends, so that no round waits for Prometheus. A round reads the last answer ({@link #read}) while
 * it is no older than the timeout plus one interval; an older one, or none at all, is an unknown
 * state saying since when Prometheus has not answered, which the interlock's {@code onError}
 * decides (see {@link AlertReading}). Each change of what the interlock makes of it is logged once,
 * when a round reads it; the metrics read {@link #status}. A try that throws (a bug) moves the part
 * to {@code FAILED}. Thread-safe.
 */
public final class InterlockPart extends Part implements AlertSource {
  private static final Logger log = LoggerFactory.getLogger(InterlockPart.class);

  private final AlertSource asked;
  private final AlertInterlock rule;
  private final Duration interval;
  private final Duration maxAge;
  private final Clock clock;
  private final Ticker ticker;
  private final ScheduledExecutorService thread =
      Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("maintd-alerts"));
  private volatile Asked last;
  private String said = "";

  /** The last reading, and when its answer came by the monotonic clock. */
  private record Asked(AlertReading reading, long answeredNanos) {}

  /**
   * Asks {@code asked} (a direct query of {@code interlock}'s server) every {@code interval}, once
   * started. An answer's time is the wall {@code clock}'s; its age, the monotonic {@code ticker}'s:
   * a step of the wall clock back does not keep an old answer good, nor does one ahead age it.
   */
  public InterlockPart(
      AlertSource asked,
      Maintenance.Interlock interlock,
      Duration interval,
      Clock clock,
      Ticker ticker) {
    super("alert-interlock", clock);
    this.asked = asked;
    this.rule = interlock.rule();
    this.interval = interval;
    this.maxAge = interlock.timeout().plus(interval);
    this.clock = clock;
    this.ticker = ticker;
    this.last =
        new Asked(AlertReading.none("Prometheus at " + interlock.url(), clock.instant()), 0);
  }

  /** The first try, in the starter's thread (within the timeout); then the others, in its own. */
  @Override
  protected void startUp() {
    last = new Asked(AlertReading.none(last.reading().server(), clock.instant()), 0);
    ask();
    thread.scheduleWithFixedDelay(
        this::tryAsking, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** One try: its answer, or why it failed, becomes the last reading. */
  void ask() {
    AlertState state = asked.read();
    Asked before = last;
    AlertReading after = before.reading().after(state, clock.instant());
    boolean answered = !(state instanceof AlertState.Unknown);
    last = new Asked(after, answered ? ticker.nanos() : before.answeredNanos());
  }

  /**
   * The alerts as a round reads them now: the last answer aged by the monotonic clock since it came
   * (its wall time plus that age is the {@code now} it is read at).
   */
  private AlertState current() {
    Asked a = last;
    Instant now =
        a.reading()
            .answer()
            .map(answer -> answer.at().plusNanos(ticker.nanos() - a.answeredNanos()))
            .orElseGet(clock::instant);
    return a.reading().at(now, maxAge);
  }

  private void tryAsking() {
    try {
      ask();
    } catch (RuntimeException e) {
      failed(e);
      thread.shutdown();
    }
  }

  @Override
  public synchronized AlertState read() {
    AlertState state = current();
    tell(state);
    return state;
  }

  /** What the metrics show: whether the last try was answered, and how many alerts hold now. */
  public InterlockStatus status() {
    return new InterlockStatus(last.reading().answered(), holding(current()).size());
  }

  private List<Alert> holding(AlertState state) {
    return state instanceof AlertState.Active active
        ? rule.filter().counted(active.alerts())
        : List.of();
  }

  /** Logs what the interlock makes of {@code state}, when that changed since the last read. */
  private void tell(AlertState state) {
    List<Alert> holding = holding(state);
    String now;
    if (state instanceof AlertState.Unknown unknown) {
      now =
          "alert interlock: the alerts cannot be read ("
              + unknown.reason()
              + "); planned work "
              + (rule.onError() == AlertInterlock.OnError.HOLD ? "waits" : "goes on");
    } else if (holding.isEmpty()) {
      now = "alert interlock: no alert holds planned work";
    } else {
      now =
          "alert interlock: planned work waits for "
              + String.join(", ", holding.stream().map(Alert::name).distinct().sorted().toList());
    }
    if (!now.equals(said)) {
      said = now;
      if (state instanceof AlertState.Unknown) {
        log.warn(now);
      } else {
        log.info(now);
      }
    }
  }

  @Override
  protected void shutDown() {
    thread.shutdownNow();
    try {
      thread.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  protected String detail() {
    AlertReading r = last.reading();
    return "asks every "
        + interval.toMillis()
        + " ms; last answer "
        + r.answer().map(a -> a.at().truncatedTo(ChronoUnit.SECONDS).toString()).orElse("none yet")
        + r.failure().map(f -> "; last try failed: " + f).orElse("");
  }
}
