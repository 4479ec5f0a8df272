package org.maintd.daemon.runner;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.round.Effect;
import org.maintd.round.Inputs;
import org.maintd.round.Outcome;
import org.maintd.round.Reply;
import org.maintd.round.StepResult;
import org.maintd.spi.BackendException;

/**
 * Completes each command's answer from the step's reply: done, refused, or done once its effects
 * are carried out (failed when one of them failed: a job stays stored and is submitted again at the
 * next poll; a tag removal is not tried again). Stateless.
 */
final class Replies {
  private Replies() {}

  static void answer(
      List<CommandQueue.Pending<?>> taken,
      List<Inputs.Numbered<?>> numbered,
      StepResult r,
      List<Outcome> done) {
    Map<String, Outcome> byKey = new HashMap<>();
    done.forEach(o -> byKey.put(o.key(), o));
    for (int i = 0; i < taken.size(); i++) {
      answer(taken.get(i), numbered.get(i).id(), r, byKey);
    }
  }

  /** Completes {@code p}'s answer from the reply to it, the command numbered {@code id}. */
  private static <R> void answer(
      CommandQueue.Pending<R> p, long id, StepResult r, Map<String, Outcome> byKey) {
    Reply<R> reply = r.replyTo(new Inputs.Numbered<>(id, p.command()));
    if (reply instanceof Reply.Done<R> d) {
      p.answer().complete(d.value());
    } else if (reply instanceof Reply.Refused<R> refused) {
      p.answer().completeExceptionally(new CommandRefused(refused.kind(), refused.message()));
    } else if (reply instanceof Reply.AfterEffects<R> after) {
      Optional<String> failure = failure(after, byKey, r.effects());
      if (failure.isPresent()) {
        p.answer().completeExceptionally(new BackendException(failure.get()));
      } else {
        p.answer().complete(after.value().apply(byKey));
      }
    } else {
      throw new IllegalStateException("no answer for the reply " + reply);
    }
  }

  private static Optional<String> failure(
      Reply.AfterEffects<?> after, Map<String, Outcome> byKey, List<Effect> effects) {
    for (String key : after.keys()) {
      Outcome o = byKey.get(key);
      if (o == null || !o.ok()) {
        String why = o instanceof Outcome.Failed f ? f.message() : "not carried out";
        boolean job =
            effects.stream().anyMatch(e -> e.key().equals(key) && e instanceof Effect.Submit);
        return Optional.of(
            why
                + (job
                    ? "; the job is stored and maintd submits it again at the next poll"
                    : "; nothing was changed"));
      }
    }
    return Optional.empty();
  }
}
