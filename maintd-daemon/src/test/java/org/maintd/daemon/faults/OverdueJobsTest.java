package org.maintd.daemon.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;

/** A cluster's job unfinished past its limit is overdue, named with its age, until it ends. */
class OverdueJobsTest {
  private final FakeClock clock = new FakeClock(Instant.parse("2026-11-29T12:00:00Z"));
  private final Faults faults = new Faults(clock, clock);
  private final OverdueJobs overdue =
      new OverdueJobs(
          faults,
          new JobLimits(Duration.ofSeconds(60), Duration.ofSeconds(600)),
          id -> !id.startsWith("repair:"));
  private final Map<String, Optional<JobSpec>> drain =
      Map.of(
          "17",
          Optional.of(
              new JobSpec(
                  "k",
                  "owner",
                  List.of(Operation.SetNodeFlags.drain("node2")),
                  ReasonTrail.of("drain", "k", 0))));

  private void read(Map<String, Optional<JobSpec>> watched, String id, JobStatus status) {
    overdue.jobsRead(watched, Map.of(id, new JobState(id, status, "")), clock.instant());
  }

  @Test
  void aJobRunningPastItsKindsLimitIsOverdueWithItsAgeUntilItEnds() {
    read(drain, "17", JobStatus.RUNNING);
    clock.advance(Duration.ofSeconds(60));
    read(drain, "17", JobStatus.RUNNING);
    assertFalse(faults.has(FaultKind.JOB_OVERDUE), "at its limit, not past it");
    clock.advance(Duration.ofSeconds(1));
    read(drain, "17", JobStatus.RUNNING);
    assertEquals(
        "job 17 (drain) unfinished for 61 s, past its 60 s (watched to its end, never submitted"
            + " again)",
        faults.active().get(0).detail());
    read(drain, "17", JobStatus.SUCCESS);
    assertFalse(faults.has(FaultKind.JOB_OVERDUE));
  }

  @Test
  void aJobNoLongerWatchedIsForgottenAndAnUnknownOneGetsTheSlowLimit() {
    read(Map.of(), "18", JobStatus.QUEUED);
    clock.advance(Duration.ofSeconds(601));
    read(Map.of(), "18", JobStatus.RUNNING);
    assertTrue(faults.has(FaultKind.JOB_OVERDUE));
    overdue.jobsRead(Map.of(), Map.of(), clock.instant());
    assertFalse(faults.has(FaultKind.JOB_OVERDUE));
    read(Map.of(), "18", JobStatus.RUNNING);
    assertFalse(faults.has(FaultKind.JOB_OVERDUE), "its age counts again from now");
  }

  @Test
  void jobsThatAreNotTheClustersAreNotWatched() {
    read(Map.of(), "repair:node2:1", JobStatus.RUNNING);
    clock.advance(Duration.ofHours(5));
    read(Map.of(), "repair:node2:1", JobStatus.RUNNING);
    assertFalse(faults.has(FaultKind.JOB_OVERDUE));
  }
}
