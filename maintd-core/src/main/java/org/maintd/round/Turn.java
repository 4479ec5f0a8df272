package org.maintd.round;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.maintd.cluster.Cluster;
import org.maintd.incident.Change;
import org.maintd.incident.Incident;
import org.maintd.incident.Lifecycle;
import org.maintd.spi.MaintdState;

/**
 * One step while it is taken: the state as it changes, the working snapshot (with the tag changes
 * the step itself makes), and what the step gives besides the state. Not thread-safe: one per step.
 */
final class Turn {
  final Instant now;
  final Settings settings;
  final Lifecycle lifecycle;
  final Inputs inputs;
  MaintdState state;
  Memory memory;
  Cluster cluster;
  final List<Effect> effects = new ArrayList<>();
  final Map<Long, Reply<?>> replies = new LinkedHashMap<>();
  final List<LogLine> log = new ArrayList<>();
  final List<FinishedJob> finished = new ArrayList<>();
  boolean roundStarted;

  Turn(RoundState start, Inputs inputs, Instant now, Settings settings, Lifecycle lifecycle) {
    this.now = now;
    this.settings = settings;
    this.lifecycle = lifecycle;
    this.inputs = inputs;
    this.state = start.stored();
    this.memory = start.memory();
    this.cluster = inputs.cluster() != null ? inputs.cluster() : start.memory().cluster();
  }

  Optional<Incident> incident(String uuid) {
    return state.incidents().stream().filter(i -> i.uuid().toString().equals(uuid)).findFirst();
  }

  void replaceIncident(UUID uuid, UnaryOperator<Incident> change) {
    state =
        state.withIncidents(
            state.incidents().stream()
                .map(i -> i.uuid().equals(uuid) ? change.apply(i) : i)
                .toList());
  }

  void changes(List<Change> changes) {
    for (Change c : changes) {
      log.add(
          LogLine.info(
              "[incident="
                  + c.uuid()
                  + "] [node="
                  + c.node()
                  + "] "
                  + c.kind().name().toLowerCase(java.util.Locale.ROOT)
                  + ": "
                  + c.reason()));
    }
  }

  /**
   * A tag effect, made at once to the working snapshot so that the rest of the step (and the view)
   * sees it.
   */
  void tag(Effect.Tag tag) {
    emit(tag);
    cluster = cluster.withTagsChanged(tag.object(), tag.add(), tag.remove());
  }

  void emit(Effect effect) {
    if (effects.stream().noneMatch(e -> e.key().equals(effect.key()))) {
      effects.add(effect);
    }
  }

  StepResult result() {
    return new StepResult(
        new RoundState(state, memory), effects, replies, log, finished, roundStarted);
  }
}
