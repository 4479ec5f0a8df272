package org.maintd.daemon.app;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.maintd.daemon.clock.Ticker;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.NodeCommands;
import org.maintd.daemon.faults.Faults;
import org.maintd.daemon.leader.MasterVote;
import org.maintd.daemon.notify.NotifyPart;
import org.maintd.daemon.notify.Outbox;
import org.maintd.daemon.poll.PollerPart;
import org.maintd.daemon.repair.NodeCommandJobs;
import org.maintd.daemon.repair.RepairClient;
import org.maintd.daemon.repair.RepairJobs;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.daemon.runner.ClockSteps;
import org.maintd.daemon.runner.CommandGateway;
import org.maintd.daemon.runner.ConsentSource;
import org.maintd.daemon.runner.CrashPoint;
import org.maintd.daemon.runner.Gate;
import org.maintd.daemon.runner.JobRouter;
import org.maintd.daemon.runner.RoundRunner;
import org.maintd.daemon.runner.RunnerListener;
import org.maintd.daemon.runner.RunnerPart;
import org.maintd.daemon.runner.StateWriter;
import org.maintd.daemon.runner.TakeoverWarmUp;
import org.maintd.daemon.service.Part;
import org.maintd.daemon.store.StorePart;
import org.maintd.notify.StateEvents;
import org.maintd.recovery.Recovery;
import org.maintd.round.RoundStep;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.MaintdState;

/**
 * How the leader's work is opened, each time this daemon comes to lead: the store opened (in
 * ZooKeeper, taken over under a new epoch, then the fence waited out), the state loaded or rebuilt
 * from what the cluster shows, the runner started after its first tick.
 */
record LeaderWork(
    DaemonConfig config,
    StateStores stores,
    ClusterBackend backend,
    PollerPart poller,
    RepairClient repairs,
    LostState lost,
    Supplier<MasterVote.Outcome> masterVotes,
    RunnerListener metrics,
    ExecutorService repairThreads,
    ConsentSource consents,
    Clock clock,
    AlertSource alerts,
    Optional<NotifyPart> notifications,
    Faults faults,
    ClockSteps clockSteps) {
  private static final Duration COMMAND_WAIT = Duration.ofSeconds(60);

  /**
   * The work whose repairs and lost-state reads go to the collectors through {@code collectors},
   * whose rounds read the alert interlock's last answer from {@code alerts}.
   */
  static LeaderWork of(
      DaemonConfig config,
      StateStores stores,
      ClusterBackend backend,
      PollerPart poller,
      Collectors collectors,
      Supplier<MasterVote.Outcome> masterVotes,
      RunnerListener metrics,
      ExecutorService repairThreads,
      ConsentSource consents,
      AlertSource alerts,
      Optional<NotifyPart> notifications,
      Faults faults,
      ClockSteps clockSteps,
      Clock clock) {
    return new LeaderWork(
        config,
        stores,
        backend,
        poller,
        collectors.repairs(),
        new LostState(backend, poller, collectors.records(), clock),
        masterVotes,
        metrics,
        repairThreads,
        consents,
        clock,
        alerts,
        notifications,
        faults,
        clockSteps);
  }

  /**
   * The work of a leader writing as {@code self}, acting while {@code leads} lets it (and, in
   * ZooKeeper, while {@code stillLeads} and its fence hold); {@code recover} rebuilds a lost state.
   * A part of the work that fails later is told to {@code failed}.
   */
  Work open(
      String self, Gate leads, BooleanSupplier stillLeads, boolean recover, Consumer<Part> failed) {
    StateStores.Opened opened = stores.open(self, stillLeads);
    StorePart store = opened.part();
    store.start();
    RunnerPart runnerPart = null;
    try {
      TakeoverWarmUp rehearsal = rehearsal(self, opened.fenceWait());
      StateWriter writer = state(store, recover, opened.claim());
      RoundRunner runner =
          new RoundRunner(
              new RoundRunner.Parts(
                  new RoundStep(RoundSettings.of(config), UUID::randomUUID),
                  backend,
                  new JobRouter(
                      backend, new RepairJobs(repairs, repairThreads, faults), nodeCommands()),
                  rehearsal,
                  writer,
                  new CrashPoint(),
                  clock,
                  notifications
                      .map(n -> RunnerListener.both(metrics, n.listener()))
                      .orElse(metrics),
                  opened.fenced().apply(leads),
                  consents,
                  alerts,
                  clockSteps));
      runnerPart = new RunnerPart(runner, config.pollInterval(), clock);
      notifyFrom(self, runner.view().state());
      runnerPart.start();
      runnerPart.onFailure(failed);
      store.onFailure(failed);
      return new Work(
          store,
          runnerPart,
          runner,
          new CommandGateway(runner, runnerPart.commandThread(), COMMAND_WAIT),
          () -> {
            notifications.ifPresent(NotifyPart::standDown);
            faults.leadershipEnded();
          });
    } catch (RuntimeException e) {
      notifications.ifPresent(NotifyPart::standDown);
      if (runnerPart != null) {
        runnerPart.close();
      }
      store.close();
      throw e;
    }
  }

  /**
   * The receivers are told of what the rounds do from {@code first} on, and that {@code self} leads
   * now.
   */
  private void notifyFrom(String self, MaintdState first) {
    notifications.ifPresent(
        n ->
            n.lead(
                new Outbox(stores.deliveries(), config.notifications(), clock),
                first,
                StateEvents.leaderChanged(self, stores.term(first), clock.instant())));
  }

  /**
   * The first tick rehearsed while the fence is waited out, on the state the standby last read
   * (none when the claim does not wait): the collectors are polled and the planner run then rather
   * than after the wait, cold.
   */
  private TakeoverWarmUp rehearsal(String self, Duration fenceWait) {
    if (fenceWait.isZero()) {
      return TakeoverWarmUp.none(poller, clock);
    }
    return TakeoverWarmUp.start(
        poller,
        backend,
        new RoundStep(RoundSettings.of(config), UUID::randomUUID),
        lastStored(self),
        config.pollInterval(),
        clock);
  }

  /**
   * The rehearsal of a standby, on the state the leader last stored, taken so that its takeover
   * polls and plans warm (see {@link TakeoverWarmUp#warmUp}).
   */
  CompletableFuture<TakeoverWarmUp.Result> warmUp(String self) {
    return TakeoverWarmUp.warmUp(
        poller,
        backend,
        new RoundStep(RoundSettings.of(config), UUID::randomUUID),
        lastStored(self),
        clock);
  }

  private Supplier<MaintdState> lastStored(String self) {
    return () ->
        Optional.ofNullable(stores.peek(self))
            .orElseGet(() -> MaintdState.initial(clock.instant()));
  }

  /**
   * The stored state, rebuilt when it is lost and the cluster shows maintd's work (with {@code
   * recover}); the store claimed before the first write.
   */
  private StateWriter state(StorePart store, boolean recover, Runnable claim) {
    boolean stored = store.exists();
    if (recover && stored) {
      throw new StartupException(
          ExitCodes.USAGE,
          "--recover rebuilds a lost state, but "
              + store.where()
              + " holds one; start without --recover");
    }
    Optional<Recovery.Recovered> recovered = Optional.empty();
    if (!stored) {
      try {
        recovered = lost.check(store.where(), recover);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new StartupException(
            ExitCodes.FAILURE, "interrupted while looking for maintd's work in the cluster");
      }
    }
    claim.run();
    StateWriter writer = new StateWriter(store, clock);
    recovered.ifPresent(r -> writer.write(r.state()));
    writer.write(writer.stored().withRoundDelay(config.roundDelay()));
    writer.create();
    return writer;
  }

  /**
   * Reboots and master fail-overs through the collectors, when configured so; empty when every one
   * goes through the backend.
   */
  private Optional<NodeCommandJobs> nodeCommands() {
    NodeCommands n = config.nodeCommands();
    boolean reboots = n.reboot().byCollector(config.backend());
    boolean failovers = n.masterFailover().byCollector(config.backend());
    if (!reboots && !failovers) {
      return Optional.empty();
    }
    return Optional.of(
        new NodeCommandJobs(
            repairs,
            repairThreads,
            backend,
            new NodeCommandJobs.Routing(
                reboots,
                n.rebootCommand(),
                failovers,
                n.masterFailoverCommand(),
                n.masterFailoverWait()),
            to -> masterVotes.get().wonBy(to),
            Ticker.SYSTEM));
  }
}
