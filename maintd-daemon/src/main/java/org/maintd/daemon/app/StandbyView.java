package org.maintd.daemon.app;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.service.DaemonThreads;
import org.maintd.round.RoundState;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a standby shows: the state the leader stored and the cluster as the backend shows it, read
 * again once the last read is older than {@code maxAge}. The read runs in the background, one at a
 * time; a reader waits for it at most {@code wait}, then gets the last view, so that a ZooKeeper or
 * a backend out of reach (a read held for its retries) never holds the API. When the store or the
 * backend does not answer, the last view stays. Thread-safe.
 */
final class StandbyView implements Supplier<DaemonView>, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(StandbyView.class);

  private final Supplier<MaintdState> stored;
  private final ClusterBackend backend;
  private final Clock clock;
  private final Duration maxAge;
  private final Duration wait;
  private final ExecutorService reader =
      Executors.newSingleThreadExecutor(DaemonThreads.named("maintd-standby-view"));
  private volatile DaemonView view;
  private Instant read;
  private CompletableFuture<DaemonView> reading;

  /** {@code stored} gives the stored state, or null when none is. */
  StandbyView(
      Supplier<MaintdState> stored,
      ClusterBackend backend,
      Clock clock,
      Duration maxAge,
      Duration wait) {
    this.stored = stored;
    this.backend = backend;
    this.clock = clock;
    this.maxAge = maxAge;
    this.wait = wait;
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
      state = s == null ? state : s;
    } catch (StoreException e) {
      log.warn("a standby cannot read the stored state: {}", e.getMessage());
    }
    try {
      cluster = backend.snapshot();
    } catch (BackendException e) {
      log.warn("a standby cannot read the cluster: {}", e.getMessage());
    }
    DaemonView base = DaemonView.of(RoundState.of(state));
    return new DaemonView(state, cluster, base.readings(), base.plan(), base.storm());
  }

  @Override
  public void close() {
    reader.shutdownNow();
  }
}
