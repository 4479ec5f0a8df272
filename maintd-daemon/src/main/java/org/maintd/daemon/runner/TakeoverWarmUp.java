package org.maintd.daemon.runner;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.maintd.cluster.Cluster;
import org.maintd.round.Inputs;
import org.maintd.round.RoundState;
import org.maintd.round.RoundStep;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.MaintdState;
import org.maintd.spi.ReportSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A new leader's first tick rehearsed while it waits out its fence: the cluster read, the
 * collectors polled and a round stepped on the state last stored, nothing stored or carried out.
 * The step's result is thrown away; it is taken so that the first tick does not plan cold. The
 * readings are kept: the first poll through this source takes them when they are of the same nodes
 * and at most {@code freshFor} old (the poll interval: no older than a leader's readings ever are),
 * so that the first tick does not wait for every collector again. Every later poll goes to the
 * collectors. Thread-safe.
 *
 * <p>A standby rehearses too, once, when it begins to stand by ({@link #warmUp}): nothing of it is
 * kept but a JIT-compiled poll and planner, so that the rehearsal of its takeover, if it comes,
 * does not run them cold; it costs each collector one diagnose run more per standby start.
 */
public final class TakeoverWarmUp implements ReportSource {
  private static final Logger log = LoggerFactory.getLogger(TakeoverWarmUp.class);

  private final ReportSource collectors;
  private final CompletableFuture<Result> result;
  private final Duration freshFor;
  private final Clock clock;
  private final AtomicBoolean taken = new AtomicBoolean();

  /** When a rehearsal is taken, named in its log line. */
  private enum Occasion {
    /** A new leader waits out its fence. */
    FENCE("the first tick rehearsed while the fence is waited out"),
    /** A daemon begins to stand by. */
    STANDBY("a standby warmed up for its takeover");

    private final String says;

    Occasion(String says) {
      this.says = says;
    }
  }

  /** What a rehearsal came to. */
  public sealed interface Result {
    /** Nothing rehearsed: the leader had no wait to put to use. */
    record Skipped() implements Result {}

    /**
     * The collectors of {@code nodes} polled at {@code at}, in {@code poll}; a round is stepped on
     * their readings next, while the first tick may already take them.
     */
    record Warmed(
        Set<String> nodes, Map<String, CollectorReading> readings, Instant at, Duration poll)
        implements Result {}

    /** The rehearsal failed (the backend or the poller), {@code why}; the first tick polls. */
    record Failed(String why) implements Result {}
  }

  private TakeoverWarmUp(
      ReportSource collectors, CompletableFuture<Result> result, Duration freshFor, Clock clock) {
    this.collectors = collectors;
    this.result = result;
    this.freshFor = freshFor;
    this.clock = clock;
  }

  /** No rehearsal: every poll goes to {@code collectors}. */
  public static TakeoverWarmUp none(ReportSource collectors, Clock clock) {
    return new TakeoverWarmUp(
        collectors, CompletableFuture.completedFuture(new Result.Skipped()), Duration.ZERO, clock);
  }

  /**
   * Starts rehearsing on a thread of its own: {@code backend} read, {@code collectors} polled,
   * {@code step} taken on the state {@code stored} gives.
   */
  public static TakeoverWarmUp start(
      ReportSource collectors,
      ClusterBackend backend,
      RoundStep step,
      Supplier<MaintdState> stored,
      Duration freshFor,
      Clock clock) {
    return new TakeoverWarmUp(
        collectors,
        begin(Occasion.FENCE, collectors, backend, step, stored, clock),
        freshFor,
        clock);
  }

  /**
   * Rehearses once on a thread of its own, as a standby: {@code backend} read, {@code collectors}
   * polled, {@code step} taken on the state {@code stored} gives; only what it came to is kept.
   */
  public static CompletableFuture<Result> warmUp(
      ReportSource collectors,
      ClusterBackend backend,
      RoundStep step,
      Supplier<MaintdState> stored,
      Clock clock) {
    return begin(Occasion.STANDBY, collectors, backend, step, stored, clock);
  }

  private static CompletableFuture<Result> begin(
      Occasion occasion,
      ReportSource collectors,
      ClusterBackend backend,
      RoundStep step,
      Supplier<MaintdState> stored,
      Clock clock) {
    CompletableFuture<Result> result = new CompletableFuture<>();
    Thread thread =
        new Thread(
            () -> rehearse(occasion, collectors, backend, step, stored, clock, result),
            "maintd-rehearsal");
    thread.setDaemon(true);
    thread.start();
    return result;
  }

  private static void rehearse(
      Occasion occasion,
      ReportSource collectors,
      ClusterBackend backend,
      RoundStep step,
      Supplier<MaintdState> stored,
      Clock clock,
      CompletableFuture<Result> result) {
    Cluster cluster;
    Map<String, CollectorReading> readings;
    Duration polled;
    try {
      cluster = backend.snapshot();
      Instant at = clock.instant();
      long started = System.nanoTime();
      readings = collectors.poll(cluster.nodesByName().keySet());
      polled = Duration.ofNanos(System.nanoTime() - started);
      result.complete(
          new Result.Warmed(Set.copyOf(cluster.nodesByName().keySet()), readings, at, polled));
    } catch (RuntimeException e) {
      log.warn("could not rehearse ({}): {}", occasion.says, e.toString());
      result.complete(new Result.Failed(e.toString()));
      return;
    }
    // the readings serve the first tick from now on; the step only warms the planner
    long stepping = System.nanoTime();
    try {
      step.step(
          RoundState.of(stored.get()),
          Inputs.tick(cluster, readings, Map.of(), List.of(), List.of()),
          clock.instant());
      log.info(
          "{}: {} collectors polled ({}) in {} ms, a round stepped in {} ms",
          occasion.says,
          readings.size(),
          byHealth(readings),
          polled.toMillis(),
          Duration.ofNanos(System.nanoTime() - stepping).toMillis());
    } catch (RuntimeException e) {
      log.warn("the rehearsal's step failed ({}): {}", occasion.says, e.toString());
    }
  }

  /** How many readings of each health, by name: {@code "ok 9990, unreachable 10"}. */
  private static String byHealth(Map<String, CollectorReading> readings) {
    return readings.values().stream()
        .collect(
            Collectors.groupingBy(CollectorReading::health, TreeMap::new, Collectors.counting()))
        .entrySet()
        .stream()
        .map(e -> e.getKey() + " " + e.getValue())
        .collect(Collectors.joining(", "));
  }

  /** What the rehearsal's poll came to, once it has. */
  public Result result() throws InterruptedException {
    try {
      return result.get();
    } catch (ExecutionException e) {
      return new Result.Failed(e.getCause().toString());
    }
  }

  @Override
  public Map<String, CollectorReading> poll(Collection<String> nodes) {
    if (taken.compareAndSet(false, true)) {
      try {
        if (result() instanceof Result.Warmed r
            && r.nodes().equals(Set.copyOf(nodes))
            && !clock.instant().isAfter(r.at().plus(freshFor))) {
          return r.readings();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    return collectors.poll(nodes);
  }
}
