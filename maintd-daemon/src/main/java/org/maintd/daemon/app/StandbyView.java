package org.maintd.daemon.app;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.service.DaemonThreads;
import org.maintd.daemon.store.StateCondition;
import org.maintd.round.RoundState;
import org.maintd.spi.AccessDeniedException;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StoreException;
import org.maintd.spi.UnreadableStateException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a standby shows: the state the leader stored and the cluster as the backend shows it, read
 * again once the last read is older than {@code maxAge}, and at least that often while it {@link
 * #watch}es. The read runs in the background, one at a time; a reader waits for it at most {@code
 * wait}, then gets the last view, so that a ZooKeeper or a backend out of reach (a read held for
 * its retries) never holds the API. When the store or the backend does not answer, or the stored
 * state cannot be read (told to the {@link StateCondition}), the last good view stays. Thread-safe.
 */
final class StandbyView implements Supplier<DaemonView>, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(StandbyView.class);

  private final Supplier<MaintdState> stored;
  private final ClusterBackend backend;
  private final Clock clock;
  private final Duration maxAge;
  private final Duration wait;
  private final StateCondition stateCondition;
  private final ExecutorService reader =
      Executors.newSingleThreadExecutor(DaemonThreads.named("maintd-standby-view"));
  private volatile DaemonView view;
  private volatile String lastFailure = "";
  private volatile Instant stateReadAt;
  private Instant read;
  private CompletableFuture<DaemonView> reading;

  /** {@code stored} gives the stored state, or null when none is. */
  StandbyView(
      Supplier<MaintdState> stored,
      ClusterBackend backend,
      Clock clock,
      Duration maxAge,
      Duration wait) {
    this(stored, backend, clock, maxAge, wait, new StateCondition());
  }

  StandbyView(
      Supplier<MaintdState> stored,
      ClusterBackend backend,
      Clock clock,
      Duration maxAge,
      Duration wait,
      StateCondition stateCondition) {
    this.stored = stored;
    this.backend = backend;
    this.clock = clock;
    this.maxAge = maxAge;
    this.wait = wait;
    this.stateCondition = stateCondition;
  }

  /**
   * Reads again on {@code timer} whenever the view is stale, while {@code standby} holds (the
   * leader's view is its runner's), so that what the stored state says is known without a reader.
   */
  void watch(ScheduledExecutorService timer, BooleanSupplier standby) {
    timer.scheduleWithFixedDelay(
        () -> {
          if (standby.getAsBoolean()) {
            refreshIfStale();
          }
        },
        0,
        maxAge.toMillis(),
        TimeUnit.MILLISECONDS);
  }

  /** The view a leader left when it stopped leading: shown until a read replaces it. */
  void seed(DaemonView last) {
    view = last;
  }

  /**
   * How fresh the state shown is: its serial, and how many seconds ago it was last read from the
   * store (-1: never).
   */
  record Freshness(long serial, long ageSeconds) {}

  Freshness freshness(Instant now) {
    DaemonView v = view;
    Instant at = stateReadAt;
    return new Freshness(
        v == null ? 0 : v.state().serial(),
        at == null ? -1 : Math.max(0, java.time.Duration.between(at, now).toSeconds()));
  }

  /** The view as it is now, without reading (null before the first read). */
  DaemonView last() {
    return view;
  }

  @Override
  public DaemonView get() {
    CompletableFuture<DaemonView> fresh = refreshIfStale();
    if (fresh != null) {
      try {
        return fresh.get(wait.toMillis(), TimeUnit.MILLISECONDS);
      } catch (TimeoutException | ExecutionException e) {
        // the read is slow or failed: the last view
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    DaemonView v = view;
    return v != null ? v : DaemonView.of(RoundState.of(MaintdState.initial(clock.instant())));
  }

  /** The read under way, started now if the view is stale; null when the view is fresh. */
  private synchronized CompletableFuture<DaemonView> refreshIfStale() {
    if (reading != null) {
      return reading;
    }
    Instant now = clock.instant();
    if (read != null && now.isBefore(read.plus(maxAge))) {
      return null;
    }
    read = now;
    CompletableFuture<DaemonView> r = CompletableFuture.supplyAsync(this::read, reader);
    reading = r;
    r.whenComplete(
        (v, e) -> {
          if (v != null) {
            view = v;
          }
          synchronized (this) {
            reading = null;
          }
        });
    return r;
  }

  private DaemonView read() {
    DaemonView last = view;
    MaintdState state = last == null ? MaintdState.initial(clock.instant()) : last.state();
    Cluster cluster = last == null ? null : last.cluster();
    try {
      MaintdState s = stored.get();
      stateReadAt = clock.instant();
      lastFailure = "";
      if (s != null) {
        state = s;
        stateCondition.readable();
      }
    } catch (UnreadableStateException e) {
      stateCondition.unreadable(e);
    } catch (AccessDeniedException e) {
      stateCondition.denied(e);
    } catch (StoreException e) {
      once("a standby cannot read the stored state: " + e.getMessage());
    }
    try {
      cluster = backend.snapshot();
    } catch (BackendException e) {
      once("a standby cannot read the cluster: " + e.getMessage());
    }
    DaemonView base = DaemonView.of(RoundState.of(state));
    return new DaemonView(state, cluster, base.readings(), base.plan(), base.storm());
  }

  /** Logs {@code failure} unless it is the one logged last. */
  private void once(String failure) {
    if (!failure.equals(lastFailure)) {
      lastFailure = failure;
      log.warn(failure);
    }
  }

  @Override
  public void close() {
    reader.shutdownNow();
  }
}
