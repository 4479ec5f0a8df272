package org.maintd.daemon.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;

/** A job's limit: each operation's, quick or slow, summed; slow when the job is not known. */
class JobLimitsTest {
  private final JobLimits limits = new JobLimits(Duration.ofMinutes(10), Duration.ofHours(2));

  private static Optional<JobSpec> job(Operation... ops) {
    return Optional.of(new JobSpec("k", "owner", List.of(ops), ReasonTrail.of("drain", "k", 0)));
  }

  @Test
  void quickOperationsGetTheQuickLimitAndTheRestTheSlowOneSummed() {
    assertEquals(Duration.ofMinutes(10), limits.of(job(Operation.SetNodeFlags.drain("node2"))));
    assertEquals(
        Duration.ofMinutes(130),
        limits.of(
            job(
                Operation.SetNodeFlags.drain("node2"),
                new Operation.Migrate("i1", "node2", "node3"))));
    assertEquals(Duration.ofHours(2), limits.of(Optional.empty()));
  }
}
