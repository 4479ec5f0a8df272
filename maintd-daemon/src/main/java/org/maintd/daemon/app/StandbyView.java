package org.maintd.daemon.app;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.round.RoundState;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a standby shows: the state the leader stored and the cluster as the backend shows it, read
 * again at most once per {@code maxAge} (readers never wait for more than one read). When the store
 * or the backend does not answer, the last view stays. Thread-safe.
 */
final class StandbyView implements Supplier<DaemonView> {
  private static final Logger log = LoggerFactory.getLogger(StandbyView.class);

  private final Supplier<MaintdState> stored;
  private final ClusterBackend backend;
  private final Clock clock;
  private final Duration maxAge;
  private DaemonView view;
  private Instant read;

  /** {@code stored} gives the stored state, or null when none is. */
  StandbyView(Supplier<MaintdState> stored, ClusterBackend backend, Clock clock, Duration maxAge) {
    this.stored = stored;
    this.backend = backend;
    this.clock = clock;
    this.maxAge = maxAge;
  }

  @Override
  public synchronized DaemonView get() {
    Instant now = clock.instant();
    if (view != null && read != null && now.isBefore(read.plus(maxAge))) {
      return view;
    }
    read = now;
    MaintdState state = view == null ? MaintdState.initial(now) : view.state();
    Cluster cluster = view == null ? null : view.cluster();
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
    view = new DaemonView(state, cluster, base.readings(), base.plan(), base.storm());
    return view;
  }
}
