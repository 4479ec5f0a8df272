package org.maintd.daemon.app;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.maintd.cluster.Node;
import org.maintd.daemon.leader.Election;
import org.maintd.daemon.metrics.HaStatus;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.service.HealthReport;
import org.maintd.daemon.service.Part;
import org.maintd.daemon.store.StateCondition;
import org.maintd.daemon.zookeeper.EpochFloor;
import org.maintd.daemon.zookeeper.ZooKeeperConnection;
import org.maintd.protocol.api.HealthView;

/**
 * The daemon's health as {@code /1/health} and the metrics tell it. It answers 200 only while the
 * daemon does its work: leading and running, or standing by with a known leader and a live session.
 * Otherwise, with the reason: the stored state cannot be read or is lost; the ZooKeeper connection
 * is suspended or lost; it is taking the state over; no daemon has led for longer than the session
 * timeout. Thread-safe.
 */
final class DaemonHealth {
  /**
   * What it reads: the daemon's own parts, who it acts for when it leads, the stored state's
   * condition and the highest leader epoch seen.
   */
  record Sources(
      Supplier<List<Part>> parts,
      Supplier<Acting> acting,
      Election election,
      ZooKeeperConnection zookeeper,
      StandbyView standbyView,
      Supplier<String> selfUrl,
      Supplier<String> actingFor,
      StateCondition stateCondition,
      EpochFloor epochs) {}

  private final Sources sources;
  private final Duration noLeaderAfter;
  private final Clock clock;
  private final Instant started;

  DaemonHealth(Sources sources, Duration noLeaderAfter, Clock clock) {
    this.sources = sources;
    this.noLeaderAfter = noLeaderAfter;
    this.clock = clock;
    this.started = clock.instant();
  }

  /** The health of a daemon still starting: its parts so far, leading nothing yet. */
  static HealthView starting(List<Part> parts, String node) {
    return HealthReport.of(
        parts,
        List.of(),
        new HealthReport.Leading(false, "", node),
        null,
        "",
        List.of(),
        List.of());
  }

  HealthView health() {
    Acting acting = sources.acting().get();
    Work work = acting == null ? null : acting.work();
    List<Part> parts = new ArrayList<>(sources.parts().get());
    if (work != null) {
      parts.addAll(work.parts());
    }
    boolean leads = work != null;
    String warning = sources.zookeeper() == null ? "" : sources.zookeeper().warning();
    return HealthReport.of(
        parts,
        acting == null ? List.of() : acting.waiting(),
        new HealthReport.Leading(leads, leaderUrl(leads), master(leads)),
        work == null ? null : work.runnerPart().lastTick(),
        work == null ? "" : work.runnerPart().lastError(),
        holdups(acting, leads),
        warning.isEmpty() ? List.of() : List.of(warning));
  }

  private String leaderUrl(boolean leads) {
    if (leads) {
      return sources.selfUrl().get();
    }
    return sources.election() == null ? "" : sources.election().leaderUrl();
  }

  /**
   * The master: the node the leader acts for; on a standby, the cluster's master as the backend
   * last showed it (its own node until it has read the cluster).
   */
  private String master(boolean leads) {
    DaemonView v = leads ? null : sources.standbyView().last();
    if (v == null || v.cluster() == null) {
      return sources.actingFor().get();
    }
    return v.cluster().master().map(Node::name).orElse("");
  }

  private List<HealthReport.Holdup> holdups(Acting acting, boolean leads) {
    List<HealthReport.Holdup> out = new ArrayList<>();
    sources.stateCondition().holdup().ifPresent(out::add);
    ZooKeeperConnection zk = sources.zookeeper();
    Instant now = clock.instant();
    if (zk != null && !zk.usable()) {
      out.add(
          new HealthReport.Holdup(
              "DISCONNECTED",
              "the ZooKeeper connection is "
                  + zk.connectionState()
                  + " since "
                  + zk.changedAt()
                  + " ("
                  + Duration.between(zk.changedAt(), now).toSeconds()
                  + " s): nothing is submitted"
                  + (leads ? "" : "; what this daemon shows may be stale")));
    }
    if (acting != null && acting.takingOver()) {
      out.add(
          new HealthReport.Holdup(
              "TAKING_OVER",
              "elected: taking the stored state over and waiting out the fence before acting"));
    }
    if (!leads && sources.election() != null) {
      double since = secondsSinceLeaderKnown(false, now);
      if (since > noLeaderAfter.toSeconds()) {
        out.add(
            new HealthReport.Holdup(
                "NO_LEADER",
                "no daemon has led for "
                    + (long) since
                    + " s (longer than the session timeout): nothing is done, and what this"
                    + " daemon shows is stale"));
      }
    }
    return out;
  }

  private double secondsSinceLeaderKnown(boolean leads, Instant now) {
    if (leads || sources.election() == null || !sources.election().leaderUrl().isEmpty()) {
      return 0;
    }
    Instant known = sources.election().leaderLastKnown();
    return Duration.between(known == null ? started : known, now).toMillis() / 1000.0;
  }

  /** What the leadership metrics show. */
  HaStatus status() {
    Acting acting = sources.acting().get();
    boolean leads = acting != null && acting.work() != null;
    Instant now = clock.instant();
    StandbyView.Freshness f = sources.standbyView().freshness(now);
    return new HaStatus(
        leads,
        sources.epochs().highest(),
        sources.zookeeper() == null ? null : sources.zookeeper().usable(),
        secondsSinceLeaderKnown(leads, now),
        leads || f.ageSeconds() < 0 ? null : (double) f.ageSeconds());
  }
}
