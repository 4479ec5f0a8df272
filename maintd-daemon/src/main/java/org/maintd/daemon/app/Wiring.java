package org.maintd.daemon.app;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.maintd.daemon.alerts.InterlockPart;
import org.maintd.daemon.alerts.PrometheusAlerts;
import org.maintd.daemon.backend.BackendPlugin;
import org.maintd.daemon.clock.Ticker;
import org.maintd.daemon.config.Backend;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.Ganeti;
import org.maintd.daemon.faults.JobLimits;
import org.maintd.daemon.faults.NodeClockSkews;
import org.maintd.daemon.faults.OverdueJobs;
import org.maintd.daemon.http.ApiPart;
import org.maintd.daemon.leader.MasterVote;
import org.maintd.daemon.leader.Vote;
import org.maintd.daemon.metrics.CollectorFaults;
import org.maintd.daemon.metrics.DaemonMetrics;
import org.maintd.daemon.notify.NotifyPart;
import org.maintd.daemon.poll.PollerPart;
import org.maintd.daemon.repair.NodeCommandJobs;
import org.maintd.daemon.repair.RepairJobs;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.daemon.runner.RunnerListener;
import org.maintd.daemon.store.StateWrites;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.spi.MaintdState;

/**
 * How each part of the daemon's {@link Graph} is built, with constructors, from what every part is
 * built from: the configuration, the backend's plugin, what the daemon shares with the graph, and
 * the clock. One method per part, given the parts it is wired to; {@link Graph#build} calls them in
 * the order the parts are built, and nothing runs until the graph starts. Immutable; used once, on
 * one thread.
 */
record Wiring(DaemonConfig config, BackendPlugin plugin, Graph.Shared shared, Clock clock) {
  private static final Duration STANDBY_READ_WAIT = Duration.ofSeconds(2);

  /**
   * How late a scrape may show a change of the daemon's health or leadership: under a load of
   * scrapes they are read once per this, not per scrape (what the meters record shows at once).
   */
  private static final Duration METRICS_RECHECK = Duration.ofMillis(100);

  /**
   * The nodes' collectors, reached over the poller's client and trusted with the cluster's {@code
   * key}; the poller reads their reports through the backend's view of them (and their load where
   * balancing weighs it); a report refused for its node's clock raises {@code NODE_CLOCK_SKEW}.
   */
  Collectors collectors(HmacKey key, PollerPart poller) {
    SignatureVerifier verifier = new SignatureVerifier(key, config.collector().maxSkew());
    Collectors collectors =
        new Collectors(
            poller.client(),
            key,
            verifier,
            config.collector(),
            new NodeClockSkews(shared.faults()),
            clock);
    poller.readThrough(
        plugin.reports().apply(collectors.poller(config.balance() && config.balanceLoad())));
    return collectors;
  }

  /**
   * How this daemon comes to lead and where its state lives, as the configuration says: on the
   * master after the nodes' {@code vote}, named by {@code addresses} and {@code self}, its state's
   * writes counted in {@code writes}.
   */
  Ways ways(Vote vote, Addresses addresses, SelfUrl self, StateWrites writes) {
    return Ways.of(
        config,
        new Ways.Sources(
            plugin.backend(),
            plugin.followsMaster(),
            vote,
            addresses,
            self,
            shared.epochs(),
            clock,
            writes,
            shared.faults()));
  }

  /** The metrics, counting the store's denials and the state's {@code writes}. */
  DaemonMetrics metrics(StateWrites writes) {
    DaemonMetrics metrics =
        new DaemonMetrics(MaintdState.initial(clock.instant()), METRICS_RECHECK, clock);
    metrics.countDenials(shared.stateCondition()::denials);
    metrics.countStateWrites(writes);
    return metrics;
  }

  /** What a standby shows: the stored state as it last read it, with the cluster's snapshot. */
  StandbyView standbyView(StateStores stores, SelfUrl self) {
    return new StandbyView(
        () -> stores.peek(self.get()),
        plugin.backend(),
        clock,
        config.pollInterval(),
        STANDBY_READ_WAIT,
        shared.stateCondition());
  }

  /**
   * The alert interlock, asking Prometheus over the poller's client every poll interval, its
   * reading shown in the metrics; none when no interlock is configured.
   */
  Optional<InterlockPart> interlock(PollerPart poller, DaemonMetrics metrics) {
    return config
        .maintenance()
        .alertInterlock()
        .map(
            i -> {
              InterlockPart part =
                  new InterlockPart(
                      new PrometheusAlerts(poller.client(), i),
                      i,
                      config.pollInterval(),
                      clock,
                      Ticker.SYSTEM);
              metrics.watchAlerts(part::status);
              return part;
            });
  }

  /**
   * The notifications, sent while this daemon leads, their receivers shown in the metrics; none
   * when no receiver is configured.
   */
  Optional<NotifyPart> notifications(DaemonMetrics metrics) {
    if (config.notifications().receivers().isEmpty()) {
      return Optional.empty();
    }
    NotifyPart part = new NotifyPart(config.notifications(), clock);
    metrics.watchReceivers(part.receivers(), part.status());
    return Optional.of(part);
  }

  /**
   * The leader's work, opened each time this daemon comes to lead: its state in {@code stores}, the
   * collectors polled and asked, the nodes' votes taken when a node command needs them, the alert
   * interlock's last answer read where there is one, what each step published told to the
   * notifications where there are any.
   */
  LeaderWork leaderWork(
      StateStores stores,
      PollerPart poller,
      Collectors collectors,
      Supplier<MasterVote.Outcome> masterVotes,
      DaemonMetrics metrics,
      Optional<InterlockPart> interlock,
      Optional<NotifyPart> notifications) {
    return LeaderWork.of(
        config,
        stores,
        plugin.backend(),
        poller,
        collectors,
        masterVotes,
        RunnerListener.both(metrics, faultWatch()),
        shared.repairThreads(),
        shared.consents(),
        interlock.<AlertSource>map(p -> p).orElse(AlertSource.none()),
        notifications,
        shared.faults(),
        shared.clockSteps(),
        clock);
  }

  /**
   * What the leader's ticks tell the faults: the collectors that did not answer, and, with Ganeti,
   * the cluster's jobs that run past their time.
   */
  private RunnerListener faultWatch() {
    RunnerListener collectors = new CollectorFaults(shared.faults());
    if (config.backend() != Backend.GANETI) {
      return collectors;
    }
    Ganeti g = config.ganeti();
    return RunnerListener.both(
        collectors,
        new OverdueJobs(
            shared.faults(),
            new JobLimits(g.quickJobOverdue(), g.jobOverdue()),
            id -> !RepairJobs.owns(id) && !NodeCommandJobs.owns(id)));
  }

  /**
   * Acting on leadership as {@code ways} make it come and go: the {@code work} opened for {@code
   * self} (rebuilding a lost state the first time with {@code recover}), what a standby shows
   * seeded when it ends, failures told to the daemon's supervision.
   */
  Acting acting(
      LeaderWork work, Ways ways, SelfUrl self, boolean recover, StandbyView standbyView) {
    Leading leading = ways.leading();
    return new Acting(
        (again, failed) ->
            work.open(self.get(), leading.gate(), leading.stillLeads(), again, failed),
        leading,
        recover,
        standbyView,
        shared.supervision(),
        shared.stateCondition(),
        shared.timers(),
        config.pollInterval(),
        () -> ways.stores().peek(self.get()) != null);
  }

  /** The daemon's health, as {@code /1/health} tells it and the metrics watch it. */
  DaemonHealth health(
      Acting acting,
      Ways ways,
      StandbyView standbyView,
      SelfUrl self,
      DaemonMetrics metrics,
      Optional<NotifyPart> notifications) {
    DaemonHealth health =
        new DaemonHealth(
            new DaemonHealth.Sources(
                shared.parts()::snapshot,
                acting,
                ways.leading(),
                ways.stores(),
                standbyView,
                self,
                shared.stateCondition(),
                shared.epochs(),
                () -> notifications.map(NotifyPart::warnings).orElse(List.of()),
                shared.faults()),
            config.ha().leadership().noLeaderAfter(),
            clock);
    metrics.watch(health::state);
    metrics.watchFaults(shared.faults());
    metrics.watchLeadership(health::status, ways.stores().connected().isPresent());
    return health;
  }

  /**
   * The API: commands to {@code acting}, reads of the leader's view or the standby's, the health,
   * the metrics, signatures checked with {@code verifier} and remembered in the stores, HTTPS with
   * {@code tls}.
   */
  ApiPart api(
      Acting acting,
      Ways ways,
      StandbyView standbyView,
      DaemonHealth health,
      DaemonMetrics metrics,
      SignatureVerifier verifier,
      Optional<SslContextFactory.Server> tls,
      Optional<NotifyPart> notifications,
      Optional<InterlockPart> interlock) {
    return DaemonApi.of(
        config,
        plugin,
        acting,
        new ServedView(acting::work, standbyView, ways.leading()),
        health::health,
        metrics,
        verifier,
        ways.stores()::usedSignatures,
        tls,
        notifications,
        interlock.<AlertSource>map(p -> p).orElse(AlertSource.none()),
        clock);
  }

  /**
   * A standby's warm-up: the leader's first tick rehearsed once this daemon stands by while another
   * leads.
   */
  StandbyWarmUp warmUp(Acting acting, Leading leading, LeaderWork work, SelfUrl self) {
    return new StandbyWarmUp(
        () -> acting.work() == null && !leading.leads() && !leading.leaderUrl().isEmpty(),
        () -> work.warmUp(self.get()));
  }
}
