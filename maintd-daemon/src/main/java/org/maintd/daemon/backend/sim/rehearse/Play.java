package org.maintd.daemon.backend.sim.rehearse;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.backend.sim.JobPlay;
import org.maintd.daemon.backend.sim.PoweredOffReports;
import org.maintd.daemon.backend.sim.SimBackend;
import org.maintd.daemon.backend.sim.SimJob;
import org.maintd.daemon.backend.sim.SimMemory;
import org.maintd.daemon.clock.ManualClock;
import org.maintd.daemon.repair.RepairJobs;
import org.maintd.daemon.runner.Boundaries;
import org.maintd.daemon.runner.ClockSteps;
import org.maintd.daemon.runner.CommandGateway;
import org.maintd.daemon.runner.ConsentSource;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.runner.JobRouter;
import org.maintd.daemon.runner.RoundRunner;
import org.maintd.daemon.runner.RunnerListener;
import org.maintd.daemon.runner.StateWriter;
import org.maintd.protocol.repair.RepairResult;
import org.maintd.rehearse.Act;
import org.maintd.rehearse.Assumptions;
import org.maintd.rehearse.Cadence;
import org.maintd.rehearse.Ending;
import org.maintd.rehearse.FailingAgain;
import org.maintd.rehearse.GroupScores;
import org.maintd.rehearse.Pace;
import org.maintd.rehearse.Placements;
import org.maintd.rehearse.PlayedJob;
import org.maintd.rehearse.PlayedSnapshot;
import org.maintd.rehearse.RehearsalReport;
import org.maintd.rehearse.StateChange;
import org.maintd.rehearse.WaitTrail;
import org.maintd.rehearse.Wakeups;
import org.maintd.round.Command;
import org.maintd.round.RoundStep;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;

/**
 * One rehearsal: the daemon's {@link RoundRunner} and round step, with the leader's settings, on a
 * copy of the published view: the simulated cluster in memory from the view's cluster (the jobs of
 * the round under way running in it, each job as long as the cluster's history says, {@link
 * PlayedTimes}, an operation the cluster would refuse refused), collectors that answer as they last
 * did, the state in memory, a clock that the play moves on tick by tick ({@link Pace}; a tick every
 * poll interval plus what a tick takes on the daemon, {@link Cadence}). The act's command is
 * applied as the daemon applies an operator's, refused as it would be. Not thread-safe: played
 * once, on one thread.
 */
final class Play {
  private final DaemonView view;
  private final Act act;
  private final Stage stage;
  private final Supplier<PlayedSnapshot> snapshot;
  private final ManualClock clock;
  private final SimMemory memory = new SimMemory();
  private final PlayedTimes times;
  private final Cadence cadence;
  private final SimBackend sim;
  private final CopiedState store;
  private final RoundRunner runner;
  private final Set<String> running = new TreeSet<>();
  private final Map<String, Long> rounds = new HashMap<>();
  private WaitTrail waits = WaitTrail.empty();

  /**
   * The play of {@code act} on {@code view} from {@code now}; {@code snapshot} is read at its end.
   */
  Play(DaemonView view, Act act, Stage stage, Instant now, Supplier<PlayedSnapshot> snapshot) {
    this.view = view;
    this.act = act;
    this.stage = stage;
    this.snapshot = snapshot;
    this.clock = new ManualClock(now);
    this.times = PlayedTimes.read(stage.real(), stage.sim(), view.cluster());
    this.cadence = new Cadence(stage.poll(), stage.tickTime().get());
    this.sim =
        SimBackend.inMemory(
            memory,
            view.cluster(),
            stage.sim(),
            new JobPlay(times.times(), stage.real().refusals()),
            clock);
    for (Intent i : view.state().intents()) {
      if (i.submitted() && !i.job().isRepair()) {
        sim.runsAlready(i.jobId(), i.job());
        running.add(i.jobId());
      }
    }
    this.store = new CopiedState(view.state());
    this.runner = new RoundRunner(parts());
  }

  private RoundRunner.Parts parts() {
    return new RoundRunner.Parts(
        new RoundStep(stage.settings(), UUID::randomUUID),
        sim,
        new JobRouter(sim, new RepairJobs(Play::assumedRepair, Runnable::run)),
        new PoweredOffReports(
            new EchoedCollectors(
                view.readings(),
                memory,
                act.reports().map(d -> new EchoedCollectors.Fault(act.node(), d)),
                clock),
            sim,
            clock),
        new StateWriter(store, clock),
        Boundaries.none(),
        clock,
        RunnerListener.none(),
        cluster -> true,
        ConsentSource.NONE,
        stage.alerts(),
        ClockSteps.none());
  }

  /** A live repair as the rehearsal assumes it: its command succeeds. */
  private static RepairResult assumedRepair(org.maintd.protocol.repair.RepairRequest r) {
    return new RepairResult(
        r.node(), r.incident().toString(), r.command(), 0, "assumed to succeed", null, false);
  }

  /** Plays the act to its end; throws the refusal of its command, as the daemon would refuse it. */
  RehearsalReport play() {
    Instant start = clock.instant();
    Optional<Command<?>> command = act.command(store.stored(), start);
    command.ifPresent(
        c -> new CommandGateway(runner, Runnable::run, Duration.ofMinutes(1)).apply(c));
    int quiet = 0;
    for (int ticks = 1; ; ticks++) {
      MaintdState before = store.stored();
      runner.tick();
      noteRounds();
      Optional<String> circling = FailingAgain.among(finished());
      if (circling.isPresent()) {
        return report(start, ticks, new Ending.Stuck(circling.get()));
      }
      Pace.Next next = Pace.after(look(ticks, before, quiet));
      if (next instanceof Pace.End end) {
        return report(start, ticks, end.ending());
      }
      if (!(next instanceof Pace.Tick tick)) {
        throw new IllegalStateException("no way on after " + next);
      }
      quiet = tick.quiet();
      clock.set(tick.at());
    }
  }

  /** What the tick just taken shows, its waits noted. */
  private Pace.Look look(int ticks, MaintdState before, int quiet) {
    DaemonView after = runner.view();
    MaintdState s = after.state();
    waits = waits.seen(after.plan(), clock.instant());
    return new Pace.Look(
        clock.instant(),
        cadence.every(),
        ticks,
        stage.maxTicks(),
        act.done(s, after.cluster()),
        !s.intents().isEmpty() || sim.nextEvent().isPresent(),
        StateChange.between(before, s),
        quiet,
        Wakeups.earliest(after.plan(), s, stage.settings().drainAhead(), clock.instant()),
        Stream.concat(
                waits.open().values().stream().map(w -> w.what() + ": " + w.text()),
                act.waiting(s).stream())
            .toList());
  }

  /** The round of each job the tick just taken submitted. */
  private void noteRounds() {
    MaintdState s = runner.view().state();
    s.intents().stream()
        .filter(Intent::submitted)
        .forEach(i -> rounds.putIfAbsent(i.jobId(), s.round()));
  }

  /** The act's jobs that have ended, in the order they ended. */
  private List<PlayedJob> finished() {
    return sim.jobs().stream()
        .filter(j -> !running.contains(j.id()) && j.status().isFinished())
        .sorted(java.util.Comparator.comparing(SimJob::ends))
        .map(this::played)
        .toList();
  }

  private RehearsalReport report(Instant start, int ticks, Ending ending) {
    Cluster after = runner.view().cluster();
    List<PlayedJob> jobs =
        sim.jobs().stream().filter(j -> !running.contains(j.id())).map(this::played).toList();
    return new RehearsalReport(
        act.says(),
        start,
        clock.instant(),
        ticks,
        ending,
        jobs,
        Placements.moved(view.cluster(), after),
        waits.at(clock.instant()),
        Assumptions.of(
            times.times(),
            times.unread(),
            cadence,
            stage.sim().bootTime(),
            running.size(),
            stage.alerts().read()),
        GroupScores.between(view.cluster(), after),
        snapshot.get());
  }

  private PlayedJob played(SimJob j) {
    return new PlayedJob(
        j.id(),
        rounds.getOrDefault(j.id(), 0L),
        j.spec(),
        j.submitted(),
        j.ends(),
        j.status().wireName(),
        j.message());
  }
}
