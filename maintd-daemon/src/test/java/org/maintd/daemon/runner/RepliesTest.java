package org.maintd.daemon.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.TaggedObject;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.round.Command;
import org.maintd.round.Effect;
import org.maintd.round.Inputs;
import org.maintd.round.Outcome;
import org.maintd.round.Reply;
import org.maintd.round.RoundState;
import org.maintd.round.StepResult;
import org.maintd.spi.BackendException;
import org.maintd.spi.MaintdState;

/**
 * A command whose answer waits for its effects: answered once they are carried out, or with an
 * error that says what failed and what became of it.
 */
class RepliesTest {
  private static final Instant T0 = Instant.ofEpochSecond(1_800_000_000);

  private static Effect effect(String kind) {
    if (kind.equals("tag")) {
      return new Effect.Tag(
          "k", TaggedObject.node("n2"), List.of(), List.of("maintd:repairfailed:x"), "ack");
    }
    return new Effect.Submit(
        new JobSpec(
            "k",
            "machine:n2",
            List.of(Operation.SetNodeFlags.drain("n2")),
            ReasonTrail.of("machine", "k", 1)));
  }

  private static Object answer(Effect effect, List<Outcome> done) throws Exception {
    CommandQueue.Pending pending =
        new CommandQueue.Pending(new Command.Acknowledge("x", "alice"), new CompletableFuture<>());
    Reply<Object> reply =
        new Reply.AfterEffects<>(List.of("k"), outcomes -> "done: " + outcomes.get("k"));
    StepResult r =
        new StepResult(
            RoundState.of(MaintdState.initial(T0)),
            List.of(effect),
            Map.of(1L, reply),
            List.of(),
            List.of(),
            false);
    Replies.answer(
        List.of(pending),
        List.of(new Inputs.Numbered(1, new Command.Acknowledge("x", "alice"))),
        r,
        done);
    return pending.answer().get();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "tag,permission denied; nothing was changed",
    "submit,permission denied; the job is stored and maintd submits it again at the next poll"
  })
  void aFailedEffectAnswersAnErrorThatSaysWhatFailedAndWhatBecomesOfIt(String kind, String says) {
    ExecutionException e =
        assertThrows(
            ExecutionException.class,
            () -> answer(effect(kind), List.of(new Outcome.Failed("k", "permission denied"))));
    assertEquals(says, assertInstanceOf(BackendException.class, e.getCause()).getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"tag", "submit"})
  void anEffectNotCarriedOutAnswersAnError(String kind) {
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> answer(effect(kind), List.of()));
    assertTrue(
        e.getCause().getMessage().startsWith("not carried out; "), e.getCause().getMessage());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"tag", "submit"})
  void anEffectCarriedOutAnswersTheCommandsValue(String kind) throws Exception {
    Outcome ok = kind.equals("tag") ? new Outcome.Tagged("k") : new Outcome.Submitted("k", "77");
    assertEquals("done: " + ok, answer(effect(kind), List.of(ok)));
  }
}
