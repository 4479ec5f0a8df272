package org.maintd.daemon.app;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.maintd.cluster.Node;
import org.maintd.daemon.faults.Fault;
import org.maintd.daemon.faults.Faults;
import org.maintd.daemon.metrics.HaStatus;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.service.HealthReport;
import org.maintd.daemon.service.Part;
import org.maintd.daemon.store.StateCondition;
import org.maintd.daemon.zookeeper.EpochFloor;
import org.maintd.protocol.api.FaultView;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.api.PartHealth;
import org.maintd.protocol.api.Times;

/**
 * The daemon's health as {@code /1/health} and the metrics tell it. It answers 200 only while the
 * daemon does its work: leading and running, or standing by with a known leader and a live session;
 * a leader that is not sure it still leads ({@link Leading#sure}) says it does not lead. Otherwise,
 * with the reason: the stored state cannot be read or is lost; the ZooKeeper connection is
 * suspended or lost; it is taking the state over; no daemon has led for longer than the session
 * timeout. Thread-safe.
 */
final class DaemonHealth {
  private static final List<String> LEADER_PARTS = List.of("store", "runner");

  /**
   * What it reads: the daemon's own parts, whether it does the leader's work, how it comes to lead
   * (and who it acts for), where the state lives, the stored state's condition and the highest
   * leader epoch seen, and what else it warns of (a notification receiver that is down).
   */
  record Sources(
      Supplier<List<Part>> parts,
      Acting acting,
      Leading leading,
      StateStores stores,
      StandbyView standbyView,
      Supplier<String> selfUrl,
      StateCondition stateCondition,
      EpochFloor epochs,
      Supplier<List<String>> warnings,
      Faults faults) {}

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
        List.of(),
        List.of());
  }

  HealthView health() {
    Acting acting = sources.acting();
    Work work = acting.work();
    List<Part> parts = parts(work);
    boolean leads = work != null && sources.leading().sure();
    List<String> warnings = new ArrayList<>();
    if (!sources.stores().warning().isEmpty()) {
      warnings.add(sources.stores().warning());
    }
    warnings.addAll(sources.warnings().get());
    return HealthReport.of(
        parts,
        waiting(work),
        new HealthReport.Leading(leads, leaderUrl(leads), master(leads)),
        work == null ? null : work.runnerPart().lastTick(),
        work == null ? "" : work.runnerPart().lastError(),
        holdups(acting, leads),
        warnings,
        sources.faults().active().stream().map(DaemonHealth::view).toList());
  }

  private static FaultView view(Fault f) {
    return new FaultView(
        f.kind().name(), f.detail(), Times.seconds(f.since()), f.kind().stopsWork());
  }

  /**
   * The state {@link #health} tells, without what it takes to tell the rest (each part's detail,
   * the URLs, the master): what the metrics read on every scrape.
   */
  String state() {
    Acting acting = sources.acting();
    Work work = acting.work();
    boolean leads = work != null && sources.leading().sure();
    return HealthReport.state(parts(work), leads, holdups(acting, leads));
  }

  /** The leader's parts, shown as {@code STANDBY} while this daemon does not lead. */
  private static List<PartHealth> waiting(Work work) {
    return work != null
        ? List.of()
        : LEADER_PARTS.stream()
            .map(n -> new PartHealth(n, "STANDBY", null, "", "runs while this daemon leads"))
            .toList();
  }

  /** The daemon's own parts, and those of the leader's work when it does it. */
  private List<Part> parts(Work work) {
    List<Part> parts = new ArrayList<>(sources.parts().get());
    if (work != null) {
      parts.addAll(work.parts());
    }
    return parts;
  }

  private String leaderUrl(boolean leads) {
    if (leads) {
      return sources.selfUrl().get();
    }
    return sources.leading().leaderUrl();
  }

  /**
   * The master: the node the leader acts for; on a standby, the cluster's master as the backend
   * last showed it (its own node until it has read the cluster).
   */
  private String master(boolean leads) {
    DaemonView v = leads ? null : sources.standbyView().last();
    if (v == null || v.cluster() == null) {
      return sources.leading().actingFor();
    }
    return v.cluster().master().map(Node::name).orElse("");
  }

  private List<HealthReport.Holdup> holdups(Acting acting, boolean leads) {
    List<HealthReport.Holdup> out = new ArrayList<>();
    sources.stateCondition().holdup().ifPresent(out::add);
    Instant now = clock.instant();
    sources.stores().holdup(now, leads).ifPresent(out::add);
    if (leads) {
      sources.faults().active().stream()
          .filter(f -> f.kind().stopsWork())
          .map(f -> new HealthReport.Holdup(f.kind().name(), f.detail()))
          .forEach(out::add);
    }
    if (acting.takingOver()) {
      out.add(
          new HealthReport.Holdup(
              "TAKING_OVER",
              "elected: taking the stored state over and waiting out the fence before acting"));
    }
    if (!leads) {
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
    return leads ? 0 : sources.leading().secondsWithoutLeader(now, started);
  }

  /** What the leadership metrics show. */
  HaStatus status() {
    boolean leads = sources.acting().work() != null && sources.leading().sure();
    Instant now = clock.instant();
    StandbyView.Freshness f = sources.standbyView().freshness(now);
    return new HaStatus(
        leads,
        sources.epochs().highest(),
        sources.stores().connected().orElse(null),
        secondsSinceLeaderKnown(leads, now),
        leads || f.ageSeconds() < 0 ? null : (double) f.ageSeconds());
  }
}
