package org.maintd.daemon.runner;

import java.util.ArrayList;
import java.util.List;
import org.maintd.job.JobSpec;
import org.maintd.protocol.text.Escaped;
import org.maintd.round.Effect;
import org.maintd.round.Outcome;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out a step's effects, in order, each giving an outcome. A job is first looked up by its
 * key in the backend's reason trail (a submission whose answer was lost, or made before a crash):
 * only a job that is not there is submitted, so no intent is ever submitted twice; a look-up only
 * looks. Before each submission and tag change the {@link Gate} may refuse, by throwing, a daemon
 * that no longer leads. A backend failure is an outcome, not an exception; the step decides what to
 * do about it. Thread-safe if its collaborators are.
 */
record EffectRunner(ClusterBackend backend, JobRouter router, Boundaries boundaries, Gate gate) {
  private static final Logger log = LoggerFactory.getLogger(EffectRunner.class);

  List<Outcome> run(List<Effect> effects) {
    List<Outcome> outcomes = new ArrayList<>();
    for (Effect effect : effects) {
      if (!outcomes.isEmpty()) {
        boundaries.reached(Boundaries.BETWEEN_EFFECTS);
      }
      outcomes.add(carryOut(effect));
    }
    return outcomes;
  }

  private Outcome carryOut(Effect effect) {
    if (effect instanceof Effect.LookUp l) {
      return lookUp(l.job());
    }
    if (effect instanceof Effect.Submit s) {
      return submit(s.job());
    }
    gate.beforeChange();
    return tag((Effect.Tag) effect);
  }

  /** A job that is not to be submitted, only found if it was before a crash. */
  private Outcome lookUp(JobSpec job) {
    try {
      List<String> found = router.find(job);
      if (found.isEmpty()) {
        return new Outcome.NotFound(job.key());
      }
      log.info(
          "[owner={}] job {} was submitted as {} before its owner ended; watching it to its end",
          job.owner(),
          job.key(),
          found.get(0));
      return new Outcome.Submitted(job.key(), found.get(0), true);
    } catch (BackendException e) {
      log.warn(
          "[owner={}] cannot look {} up yet: {}",
          job.owner(),
          job.key(),
          Escaped.of(e.getMessage()));
      return new Outcome.Failed(job.key(), e.getMessage());
    }
  }

  private Outcome submit(JobSpec job) {
    try {
      List<String> existing = router.find(job);
      if (!existing.isEmpty()) {
        log.info(
            "[owner={}] job {} was already submitted as {}; not submitting it again",
            job.owner(),
            job.key(),
            existing.get(0));
        return new Outcome.Submitted(job.key(), existing.get(0), true);
      }
      // checked right before the job goes out, after the look-up: a leader paused meanwhile
      // finds its lease lapsed when it is continued, and submits nothing
      gate.beforeChange();
      return new Outcome.Submitted(job.key(), router.submit(job));
    } catch (BackendException e) {
      log.warn(
          "[owner={}] submitting {} failed, will look it up and retry: {}",
          job.owner(),
          job.key(),
          Escaped.of(e.getMessage()));
      return lookUpAfterFailure(job, e);
    }
  }

  /** A submission that failed may still have created the job (the answer was lost). */
  private Outcome lookUpAfterFailure(JobSpec job, BackendException failure) {
    try {
      List<String> found = router.find(job);
      return found.isEmpty()
          ? new Outcome.Failed(job.key(), failure.getMessage())
          : new Outcome.Submitted(job.key(), found.get(0), true);
    } catch (BackendException e) {
      return new Outcome.Failed(job.key(), failure.getMessage());
    }
  }

  private Outcome tag(Effect.Tag tag) {
    try {
      if (!tag.add().isEmpty()) {
        backend.addTags(tag.object(), tag.add());
      }
      if (!tag.add().isEmpty() && !tag.remove().isEmpty()) {
        boundaries.reached(Boundaries.MID_TAG);
      }
      if (!tag.remove().isEmpty()) {
        backend.removeTags(tag.object(), tag.remove());
      }
      return new Outcome.Tagged(tag.key());
    } catch (BackendException e) {
      log.warn(
          "[{}] cannot change tags yet ({}): {}",
          tag.object(),
          Escaped.of(tag.why()),
          Escaped.of(e.getMessage()));
      return new Outcome.Failed(tag.key(), e.getMessage());
    }
  }
}
