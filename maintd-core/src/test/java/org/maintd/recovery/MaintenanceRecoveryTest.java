package org.maintd.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.job.JobStatus;
import org.maintd.machine.Machine;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.spi.JobTrace;
import org.maintd.testing.ClusterBuilder;

/**
 * A lost state rebuilt for planned maintenance: a node maintd's machine jobs took out comes back
 * DOWN (offline) or recorded as taken out (drained), one put back or never touched by them stays as
 * it is, and one an incident or campaign owns is left to it.
 */
class MaintenanceRecoveryTest {
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);
  private static final String REBUILT = "rebuilt after the state was lost";

  private static Cluster cluster(boolean drained, boolean offline) {
    return new ClusterBuilder()
        .node("n1", "g", 8192, 100000, true)
        .node("n5", "g", 8192, 100000, false)
        .build()
        .withNode("n5", n -> n.withFlags(n.flags().withDrained(drained).withOffline(offline)));
  }

  private static JobTrace drain(String id) {
    return new JobTrace(
        id,
        "maintenance of n5: drain n5 (its window at 2027-03-06T02:00:00Z starts within drainAhead"
            + " (PT1H)) [machine:n5-r3-1]",
        JobStatus.SUCCESS);
  }

  private static JobTrace offline(String id) {
    return new JobTrace(
        id,
        "maintenance of n5: take n5 DOWN (its auto window started at 2027-03-06T02:00:00Z)"
            + " [machine:n5-r9-1]",
        JobStatus.SUCCESS);
  }

  private static JobTrace down(String id) {
    return new JobTrace(
        id,
        "machine n5 down: taken out of service by op [machine:n5-down-1800000000000000000]",
        JobStatus.SUCCESS);
  }

  private static JobTrace up(String id) {
    return new JobTrace(
        id,
        "machine n5 up: put back in service by op [machine:n5-up-1800000000000000000]",
        JobStatus.SUCCESS);
  }

  private static JobTrace undrained(String id) {
    return new JobTrace(
        id,
        "machine n5 dropped from the maintenance schedule by op: undrained"
            + " [machine:n5-undrain-1800000000000000000]",
        JobStatus.SUCCESS);
  }

  private static Recovery.Recovered rebuilt(Cluster cluster, JobTrace... jobs) {
    return new Recovery()
        .rebuild(cluster, new Traces(Map.of(), List.of(jobs), List.of()), Map.of(), NOW);
  }

  @Test
  void anOfflineNodeTakenDownForItsWindowIsDownAgainAndTheNoteSaysTheScheduleIsLost() {
    Recovery.Recovered r = rebuilt(cluster(true, true), drain("9"), offline("10"));
    assertEquals(
        Maintenance.empty()
            .withMode(new MaintenanceMode("n5", MachineMode.DOWN, NOW, REBUILT + " (job 10)")),
        r.state().maintenance());
    assertEquals(List.of(), r.state().machines());
    assertTrue(
        r.notes()
            .contains(
                "n5 was taken DOWN for maintenance (job 10): it is DOWN again; the schedule is"
                    + " lost: post it again (maintctl schedule set), or bring n5 back with maintctl"
                    + " up"),
        r.notes().toString());
  }

  @Test
  void aNodeTakenDownByMaintctlDownIsDownAgain() {
    Recovery.Recovered r = rebuilt(cluster(true, true), down("41"));
    assertEquals(MachineMode.DOWN, r.state().maintenance().modeOf("n5"));
  }

  @Test
  void aDrainedNodeIsRecordedAsTakenOutByItsMachineSoThatUpPutsItBack() {
    Recovery.Recovered r = rebuilt(cluster(true, false), drain("9"));
    assertEquals(Maintenance.empty(), r.state().maintenance());
    assertEquals(List.of(new Machine("n5", NOW, "machine:n5", REBUILT)), r.state().machines());
    assertTrue(
        r.notes()
            .contains(
                "n5 was drained for maintenance (job 9): the schedule is lost: post it again"
                    + " (maintctl schedule set), or put n5 back with maintctl up"),
        r.notes().toString());
  }

  /** The last of the machine's successful jobs decides, by job id as a number (9 before 10). */
  @ParameterizedTest(name = "{0} then {1}: {2}")
  @CsvSource({
    "drain-9, up-10, UP",
    "up-9, offline-10, DOWN",
    "offline-9, undrained-10, UP",
    "down-99, up-100, UP",
    "up-99, down-100, DOWN",
  })
  void theLastJobOfTheMachineDecides(String first, String second, MachineMode expected) {
    Recovery.Recovered r = rebuilt(cluster(true, true), job(first), job(second));
    assertEquals(expected, r.state().maintenance().modeOf("n5"), r.notes().toString());
  }

  private static JobTrace job(String text) {
    String[] kindAndId = text.split("-");
    return switch (kindAndId[0]) {
      case "drain" -> drain(kindAndId[1]);
      case "offline" -> offline(kindAndId[1]);
      case "down" -> down(kindAndId[1]);
      case "up" -> up(kindAndId[1]);
      default -> undrained(kindAndId[1]);
    };
  }

  @Test
  void aFailedJobLeavesNoTraceOfMaintenance() {
    JobTrace failed = new JobTrace("12", offline("12").reason(), JobStatus.ERROR);
    Recovery.Recovered r = rebuilt(cluster(true, true), failed);
    assertEquals(Maintenance.empty(), r.state().maintenance());
    assertEquals(List.of(), r.state().machines());
  }

  @Test
  void aNodeInServiceComesBackUpWhateverItsTraces() {
    Recovery.Recovered r = rebuilt(cluster(false, false), drain("9"), offline("10"));
    assertEquals(Maintenance.empty(), r.state().maintenance());
    assertEquals(List.of(), r.state().machines());
  }

  @Test
  void aNodeACampaignDrainedIsLeftToTheCampaign() {
    JobTrace campaign =
        new JobTrace(
            "11",
            "campaign c1 (migrate-reboot, group 1 of 1): drain n5 for its reboot [campaign:c1-r4-1]",
            JobStatus.SUCCESS);
    Recovery.Recovered r = rebuilt(cluster(true, false), drain("9"), campaign);
    assertEquals(List.of(new Machine("n5", NOW, "campaign:c1", REBUILT)), r.state().machines());
    assertEquals(Maintenance.empty(), r.state().maintenance());
  }

  @Test
  void anotherNodesMachineJobsDoNotCount() {
    JobTrace other =
        new JobTrace(
            "9", "maintenance of n5-b: drain n5-b (x) [machine:n5-b-r3-1]", JobStatus.SUCCESS);
    Recovery.Recovered r = rebuilt(cluster(true, true), other);
    assertEquals(Maintenance.empty(), r.state().maintenance());
  }
}
