package org.maintd.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.incident.IncidentStatus;
import org.maintd.job.JobStatus;
import org.maintd.spi.JobTrace;

/**
 * The status an incident is rebuilt with, from what its traces say: its outcome tag first; failed
 * when held for an operator (a record its collector cannot read, and no tag), when a job failed or
 * its repair did; pending when work was done (jobs, a repair with its outcome); noted otherwise.
 */
class EvidenceTest {
  private static final String UUID = "11111111-1111-1111-1111-111111111111";

  @ParameterizedTest(name = "tag {0}, job {1}, repair {2}: {3}")
  @CsvSource({
    "none, none, none, NOTED",
    "ready, none, none, COMPLETED",
    "failed, none, none, FAILED",
    "ready, error, none, COMPLETED",
    "ready, none, failed, COMPLETED",
    "ready, none, unreadable, COMPLETED",
    "failed, success, succeeded, FAILED",
    "none, none, unreadable, FAILED",
    "none, success, unreadable, FAILED",
    "none, error, none, FAILED",
    "none, success, failed, FAILED",
    "none, none, failed, FAILED",
    "none, success, none, PENDING",
    "none, none, succeeded, PENDING",
    "none, success, succeeded, PENDING",
    "none, success, unrecorded, PENDING",
    "none, none, unrecorded, NOTED"
  })
  void theTagComesFirstThenHeldOrFailedWorkThenWorkDone(
      String tag, String job, String repair, IncidentStatus status) {
    assertEquals(status, evidence(tag, job, repair).status());
  }

  @ParameterizedTest(name = "tag {0}, repair {1}: held {2}")
  @CsvSource({
    "none, unreadable, true",
    "ready, unreadable, false",
    "failed, unreadable, false",
    "none, unrecorded, false",
    "none, none, false"
  })
  void onlyARecordItsCollectorCannotReadWithNoTagHoldsTheIncident(
      String tag, String repair, boolean held) {
    assertEquals(held, evidence(tag, "none", repair).held());
  }

  private static Evidence evidence(String tag, String job, String repair) {
    Evidence e = Evidence.NONE;
    if (!tag.equals("none")) {
      String prefix = tag.equals("ready") ? "maintd:repairready:" : "maintd:repairfailed:";
      e = e.tagged("n1", prefix + UUID);
    }
    if (!job.equals("none")) {
      JobTrace trace =
          new JobTrace(
              "7",
              "incident " + UUID + " (evacuate n1): drain n1 [" + UUID + "-r3-1]",
              job.equals("success") ? JobStatus.SUCCESS : JobStatus.ERROR);
      e = e.job(trace, TraceKey.of(trace.reason()).orElseThrow());
    }
    if (!repair.equals("none")) {
      e = e.repaired(record(repair));
    }
    return e;
  }

  private static RepairRecord record(String repair) {
    Optional<Boolean> succeeded =
        switch (repair) {
          case "succeeded" -> Optional.of(true);
          case "failed" -> Optional.of(false);
          default -> Optional.empty();
        };
    Optional<String> unreadable =
        repair.equals("unreadable")
            ? Optional.of(UUID + ".json is not a repair result")
            : Optional.empty();
    return new RepairRecord("n1", UUID, "fix", Map.of(), succeeded, unreadable);
  }
}
