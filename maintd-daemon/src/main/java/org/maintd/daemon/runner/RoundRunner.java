package org.maintd.daemon.runner;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.health.DiskStatus;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.Operation;
import org.maintd.protocol.text.Escaped;
import org.maintd.round.Effect;
import org.maintd.round.Inputs;
import org.maintd.round.LogLine;
import org.maintd.round.Outcome;
import org.maintd.round.RoundState;
import org.maintd.round.RoundStep;
import org.maintd.round.StepResult;
import org.maintd.round.Watch;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.ReportSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the round's pure step against the world. A tick gathers the inputs (snapshot, poll, the
 * status of every job waited for, the alert interlock's reading), takes the step, stores the new
 * state once if it changed, carries out the effects, and takes one more step with their outcomes so
 * that job ids and tags are stored at once. A command step does the same with the operator's queued
 * commands, and answers them after their effects. After every step it publishes an immutable {@link
 * DaemonView}; readers never take its lock. Thread-safe: steps are serialized.
 */
public final class RoundRunner {
  private static final Logger log = LoggerFactory.getLogger(RoundRunner.class);

  private final RoundStep step;
  private final ClusterBackend backend;
  private final JobRouter router;
  private final ReportSource reports;
  private final StateWriter writer;
  private final EffectRunner effects;
  private final Boundaries boundaries;
  private final Clock clock;
  private final RunnerListener metrics;
  private final Gate gate;
  private final ConsentSource consents;
  private final AlertSource alerts;
  private final ClockSteps clockSteps;
  private final CommandQueue queue = new CommandQueue();
  private RoundState state;
  private List<Outcome> outcomes = List.of();
  private long commandNumber;
  private volatile DaemonView view;

  /**
   * The parts a runner works with; {@code gate} says whether this daemon may act (it leads, its
   * node is still the master) and fences off its changes once it may not; {@code consents} asks the
   * consent commands ({@link ConsentSource#NONE}: none), {@code alerts} reads the alert interlock
   * ({@link AlertSource#none()}: none), {@code clockSteps} tells how far the wall clock stepped
   * ({@link ClockSteps#none()}: never).
   */
  public record Parts(
      RoundStep step,
      ClusterBackend backend,
      JobRouter router,
      ReportSource reports,
      StateWriter writer,
      Boundaries boundaries,
      Clock clock,
      RunnerListener metrics,
      Gate gate,
      ConsentSource consents,
      AlertSource alerts,
      ClockSteps clockSteps) {}

  public RoundRunner(Parts parts) {
    this.step = parts.step();
    this.backend = parts.backend();
    this.router = parts.router();
    this.reports = parts.reports();
    this.writer = parts.writer();
    this.boundaries = parts.boundaries();
    this.effects =
        new EffectRunner(parts.backend(), parts.router(), parts.boundaries(), parts.gate());
    this.clock = parts.clock();
    this.metrics = parts.metrics();
    this.gate = parts.gate();
    this.consents = parts.consents();
    this.alerts = parts.alerts();
    this.clockSteps = parts.clockSteps();
    // a step seen before this runner led moved no wait of the state it starts from
    clockSteps.take();
    this.state = RoundState.of(writer.stored());
    this.view = DaemonView.of(state);
  }

  /** What the last step left, for readers. */
  public DaemonView view() {
    return view;
  }

  /** One tick: unless this daemon may not act now, poll, step, store, carry out. */
  public synchronized void tick() {
    long started = System.nanoTime();
    Instant now = clock.instant();
    Map<String, JobState> jobs;
    Cluster snapshot;
    try {
      jobs = statuses(now);
      snapshot = backend.snapshot();
    } catch (BackendException e) {
      pollTheLastCluster();
      throw e;
    }
    if (!gate.mayAct(snapshot)) {
      return;
    }
    long pollStarted = System.nanoTime();
    Map<String, CollectorReading> readings = reports.poll(snapshot.nodesByName().keySet());
    metrics.polled(Duration.ofNanos(System.nanoTime() - pollStarted), readings);
    Inputs inputs =
        Inputs.tick(snapshot, readings, jobs, outcomes, List.of())
            .withConsents(consents.poll(state.stored(), snapshot, now))
            .withAlerts(alerts.read())
            .withDisks(disks(snapshot))
            .withClockStep(clockSteps.take());
    carryOut(take(inputs, now));
    followUp(now);
    metrics.ticked(Duration.ofNanos(System.nanoTime() - started));
  }

  /**
   * The status of every job the step waits for, read before the snapshot: a job that ends between
   * the two reads shows as still running, never as ended with a snapshot from before its end (which
   * would plan the next round on a cluster the job has already changed). Harep's pending jobs are
   * those of the last snapshot. A repair job its collector no longer knows is asked for again.
   */
  private Map<String, JobState> statuses(Instant now) {
    Map<String, JobState> jobs = new LinkedHashMap<>();
    Map<String, Optional<JobSpec>> watched =
        Watch.jobs(state.stored(), state.memory().cluster(), outcomes);
    for (Map.Entry<String, Optional<JobSpec>> e : watched.entrySet()) {
      jobs.put(e.getKey(), router.job(e.getKey(), e.getValue()));
    }
    metrics.jobsRead(watched, jobs, now);
    return jobs;
  }

  /**
   * The collectors of the last snapshot's nodes polled while the backend fails, so that the
   * collectors' own faults still show; nothing is stepped on what they answer.
   */
  private void pollTheLastCluster() {
    Cluster last = state.memory().cluster();
    if (last != null) {
      long pollStarted = System.nanoTime();
      Map<String, CollectorReading> readings = reports.poll(last.nodesByName().keySet());
      metrics.polled(Duration.ofNanos(System.nanoTime() - pollStarted), readings);
    }
  }

  /** Applies the queued commands in one step and answers each. */
  synchronized void runCommands() {
    List<CommandQueue.Pending<?>> taken = queue.take();
    if (taken.isEmpty()) {
      return;
    }
    try {
      Instant now = clock.instant();
      List<Inputs.Numbered<?>> numbered = new ArrayList<>();
      taken.forEach(p -> numbered.add(new Inputs.Numbered<>(++commandNumber, p.command())));
      Cluster cluster = state.memory().cluster() == null ? backend.snapshot() : null;
      StepResult r = take(Inputs.commands(cluster, outcomes, numbered), now);
      List<Outcome> done = carryOut(r);
      Replies.answer(taken, numbered, r, done);
      followUp(now);
    } catch (RuntimeException e) {
      taken.forEach(p -> p.answer().completeExceptionally(e));
      throw e;
    }
  }

  /** Answers every command still queued: not applied, because {@code why}. */
  void refuseQueued(String why) {
    queue
        .take()
        .forEach(
            p ->
                p.answer().completeExceptionally(new Commands.Busy("nothing was changed: " + why)));
  }

  CommandQueue queue() {
    return queue;
  }

  private StepResult take(Inputs inputs, Instant now) {
    StepResult r = step.step(state, inputs, now);
    state = new RoundState(writer.write(r.state().stored()), r.state().memory());
    outcomes = List.of();
    view = DaemonView.of(state);
    r.log().forEach(RoundRunner::log);
    metrics.stepped(r, view);
    return r;
  }

  private List<Outcome> carryOut(StepResult r) {
    boolean submits = r.effects().stream().anyMatch(e -> e instanceof Effect.Submit);
    boolean reboots = r.effects().stream().anyMatch(RoundRunner::reboots);
    if (submits) {
      boundaries.reached(Boundaries.AFTER_INTENTS);
    }
    if (reboots) {
      boundaries.reached(Boundaries.AFTER_REBOOT_INTENTS);
    }
    outcomes = effects.run(r.effects());
    if (submits) {
      boundaries.reached(Boundaries.AFTER_SUBMIT);
    }
    if (reboots) {
      boundaries.reached(Boundaries.AFTER_REBOOT_SUBMITTED);
    }
    return outcomes;
  }

  /**
   * One more step with the effects' outcomes, so that ids and tags are stored now rather than at
   * the next tick.
   */
  private void followUp(Instant now) {
    if (!outcomes.isEmpty()) {
      carryOut(take(Inputs.commands(null, outcomes, List.of()), now));
    }
  }

  private static boolean reboots(Effect e) {
    return e instanceof Effect.Submit s
        && s.job().operations().stream()
            .anyMatch(
                op -> op instanceof Operation.RebootNode || op instanceof Operation.PowerNode);
  }

  private static void log(LogLine line) {
    switch (line.level()) {
      case ERROR -> log.error("{}", Escaped.of(line.text()));
      case WARN -> log.warn("{}", Escaped.of(line.text()));
      default -> log.info("{}", Escaped.of(line.text()));
    }
  }

  /** What the backend says of the instances' disks; nothing when it cannot tell now. */
  private DiskStatus disks(Cluster snapshot) {
    try {
      return backend.disks(snapshot);
    } catch (BackendException e) {
      log.warn("cannot read the instances' disks: {}", Escaped.of(e.getMessage()));
      return DiskStatus.unknown();
    }
  }
}
