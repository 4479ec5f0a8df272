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
    Map<Long, Reply<?>> replies,
    List<LogLine> log,
    List<FinishedJob> finished,
    boolean roundStarted) {

  public StepResult {
    effects = List.copyOf(effects);
    replies = Map.copyOf(replies);
    log = List.copyOf(log);
    finished = List.copyOf(finished);
  }

  /**
   * The reply to {@code command}, given to this step: a reply with its command's answer, since the
   * step replies to a command with what its own rule replies ({@link Command#appliedBy}), or with a
   * refusal, which has no answer.
   */
  public <R> Reply<R> replyTo(Inputs.Numbered<R> command) {
    Reply<?> reply = replies.get(command.id());
    if (reply == null) {
      throw new IllegalArgumentException("no reply to command " + command.id() + " in this step");
    }
    @SuppressWarnings("unchecked") // filed under the command's number by its own rule
    Reply<R> typed = (Reply<R>) reply;
    return typed;
  }
}
