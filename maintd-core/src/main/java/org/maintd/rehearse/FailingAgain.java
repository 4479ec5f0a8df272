package org.maintd.rehearse;

import java.util.List;
import java.util.Optional;
import org.maintd.job.JobStatus;

/**
 * Whether a rehearsal goes round in circles: its last {@link #TIMES} finished jobs all failed,
 * doing the same operations with the same message. A rehearsal assumes no new failures, so a job
 * that failed there fails because the cluster refuses it, and does again each time the daemon
 * submits it: nothing more can happen. Stateless.
 */
public final class FailingAgain {
  /** How many identical failures in a row end a rehearsal. */
  public static final int TIMES = 3;

  private FailingAgain() {}

  /**
   * Why nothing more can happen, when the last {@link #TIMES} of {@code finished} (in the order
   * they ended) failed alike; none otherwise.
   */
  public static Optional<String> among(List<PlayedJob> finished) {
    if (finished.size() < TIMES) {
      return Optional.empty();
    }
    List<PlayedJob> last = finished.subList(finished.size() - TIMES, finished.size());
    PlayedJob first = last.get(0);
    boolean alike =
        last.stream()
            .allMatch(
                j ->
                    j.status().equals(JobStatus.ERROR.wireName())
                        && j.message().equals(first.message())
                        && j.spec().operations().equals(first.spec().operations()));
    return alike
        ? Optional.of(
            "nothing more can happen: the same job fails each time the daemon submits it ("
                + TIMES
                + " times in a row): "
                + first.message())
        : Optional.empty();
  }
}
