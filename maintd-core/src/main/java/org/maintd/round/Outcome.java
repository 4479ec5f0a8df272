package org.maintd.round;

/** What carrying out an effect gave, fed into the next step. A closed set. */
public sealed interface Outcome {
  /** The key of the effect this is the outcome of. */
  String key();

  /** Whether the effect did what it was asked to: all but a {@link Failed} did. */
  default boolean ok() {
    return true;
  }

  /**
   * The job of a {@link Effect.Submit} or a {@link Effect.LookUp} has this id: newly submitted, or
   * {@code found} in the cluster by its key (submitted before: a crash, an answer lost, a previous
   * leader).
   */
  record Submitted(String key, String jobId, boolean found) implements Outcome {
    /** Newly submitted. */
    public Submitted(String key, String jobId) {
      this(key, jobId, false);
    }
  }

  /** A {@link Effect.LookUp} found no job with its key: it was never submitted. */
  record NotFound(String key) implements Outcome {}

  /** An effect failed; its message says why. A submission is tried again at the next step. */
  record Failed(String key, String message) implements Outcome {
    @Override
    public boolean ok() {
      return false;
    }
  }

  /** The tags of a {@link Effect.Tag} are as asked. */
  record Tagged(String key) implements Outcome {}
}
