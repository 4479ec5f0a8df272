package org.maintd.round;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.maintd.incident.Lifecycle;
import org.maintd.spi.Intent;

/**
 * The round as a pure step: {@code step(state, inputs, now) -> (state', effects)}. In order: the
 * previous effects' outcomes are taken in, the operator's commands applied; then, on a tick, the
 * round whose jobs have all ended is closed, harep's repairs are settled, the poll is observed and
 * the next round planned (and started when it may). Every intent without a job id gets a submit
 * effect, or a look-up when its incident has ended (it gets no new job, but one submitted before a
 * crash is watched); every ended incident without its tag a tag effect. Same inputs (and the same
 * uuids given), same result. Thread-safe: it holds only its settings.
 */
public final class RoundStep {
  private final Settings settings;
  private final Supplier<UUID> uuids;
  private final Lifecycle lifecycle;
  private final Planning planning;

  /**
   * A step deciding by {@code settings}; new incidents and campaigns are named by {@code uuids}.
   */
  public RoundStep(Settings settings, Supplier<UUID> uuids) {
    this.settings = settings;
    this.uuids = uuids;
    this.lifecycle = new Lifecycle(uuids);
    this.planning = new Planning(settings);
  }

  public StepResult step(RoundState state, Inputs inputs, Instant now) {
    Turn t =
        new Turn(ClockStep.across(state, inputs.clockStep()), inputs, now, settings, lifecycle);
    if (!inputs.clockStep().isZero()) {
      t.log.add(LogLine.warn(ClockStep.said(inputs.clockStep())));
    }
    Results.apply(t);
    if (t.cluster == null) {
      refuseCommands(t);
      return t.result();
    }
    new Commands(t, uuids).apply();
    if (settings.harep()) {
      HarepTagging.recordSubmitted(t);
    }
    if (inputs.plan()) {
      tick(t);
    }
    for (Intent i : t.state.intents()) {
      if (!i.submitted()) {
        t.emit(
            RoundClose.endedIncident(t.state, i.job().owner())
                ? new Effect.LookUp(i.job())
                : new Effect.Submit(i.job()));
      }
    }
    Tagging.emit(t);
    t.memory = t.memory.withCluster(t.cluster);
    if (inputs.cluster() != null) {
      t.memory = t.memory.withClusterRead(Optional.of(now));
    }
    return t.result();
  }

  private void tick(Turn t) {
    List<String> running = RoundClose.running(t);
    Scheduling.followNodes(t);
    if (running.isEmpty() && !t.state.intents().isEmpty()) {
      RoundClose.close(t);
    }
    if (settings.harep()) {
      HarepTagging.settle(t);
    }
    Observing.apply(t);
    Scheduling.observeConsents(t);
    planning.apply(t, running);
  }

  /** Before the first snapshot there is nothing to apply a command to. */
  private static void refuseCommands(Turn t) {
    for (Inputs.Numbered<?> n : t.inputs.commands()) {
      t.replies.put(
          n.id(),
          new Reply.Refused<>(
              Refusal.CONFLICT, "the daemon has no snapshot of the cluster yet; try again"));
    }
  }
}
