package org.maintd.round;

import java.util.List;
import java.util.Map;

/**
 * What a step gives: the state to store and go on from, the effects to carry out once it is stored,
 * the answers to the commands (by number), lines for the log, the jobs it closed and whether it
 * started a round (for the metrics).
 */
public record StepResult(
    RoundState state,
    List<Effect> effects,
    Map<Long, Reply> replies,
    List<LogLine> log,
    List<FinishedJob> finished,
    boolean roundStarted) {

  public StepResult {
    effects = List.copyOf(effects);
    replies = Map.copyOf(replies);
    log = List.copyOf(log);
    finished = List.copyOf(finished);
  }
}
