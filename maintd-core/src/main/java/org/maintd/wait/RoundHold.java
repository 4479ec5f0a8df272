package org.maintd.wait;

import java.util.List;

/** Why the round as a whole is held back: nothing it planned is submitted yet. Immutable. */
public sealed interface RoundHold extends WaitReason {
  /** The round is held back: jobs of the previous round still run. */
  record JobsRunning(List<String> jobs, long round) implements RoundHold {
    public JobsRunning {
      jobs = List.copyOf(jobs);
    }

    @Override
    public WaitKind waitKind() {
      return WaitKind.JOBS_RUNNING;
    }

    @Override
    public String text() {
      return "waiting for jobs " + String.join(", ", jobs) + " of round " + round;
    }
  }

  /** The round is held back: automatic actions are paused, by whom or why. */
  record Paused(String reason) implements RoundHold {
    @Override
    public WaitKind waitKind() {
      return WaitKind.PAUSED;
    }

    @Override
    public String text() {
      return "paused: " + reason;
    }
  }

  /** The round is held back until the round delay has passed. */
  record RoundDelay(long secondsLeft) implements RoundHold {
    @Override
    public WaitKind waitKind() {
      return WaitKind.ROUND_DELAY;
    }

    @Override
    public String text() {
      return "waiting for the round delay (" + secondsLeft + " s left)";
    }
  }

  /** No round was planned yet: the daemon has not completed a poll. */
  record NotPlanned() implements RoundHold {
    @Override
    public WaitKind waitKind() {
      return WaitKind.NOT_PLANNED;
    }

    @Override
    public String text() {
      return "no round planned yet: the daemon has not completed a poll";
    }
  }
}
