package org.maintd.daemon.backend.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.htools.HtoolsReader;
import org.maintd.job.JobSpec;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.spi.BackendException;

class SimBackendTest {
  @TempDir Path dir;

  private final FakeClock clock = new FakeClock(Instant.ofEpochSecond(1_800_000_000));
  private SimBackend sim;
  private int counter;

  @BeforeEach
  void setUp() {
    sim = open();
  }

  private SimBackend open() {
    Cluster initial = new HtoolsReader().read(TestCluster.CLUSTER, "t");
    SimSettings settings =
        new SimSettings(
            dir.resolve("c.data"),
            dir.resolve("diag"),
            Duration.ofSeconds(1),
            Duration.ofSeconds(2));
    return new SimBackend(
        dir.resolve("sim/cluster.json"),
        Files.exists(dir.resolve("sim/cluster.json")) ? null : initial,
        settings,
        clock);
  }

  private String submit(Operation... ops) {
    String key = "k" + (++counter);
    return sim.submit(
        new JobSpec(key, "owner", List.of(ops), ReasonTrail.of("test " + key, key, 1)));
  }

  @Test
  void aJobTakesSimulatedTimeThenChangesTheCluster() {
    String id = submit(new Operation.Migrate("web1", "n2", "n3"));
    assertEquals(JobStatus.RUNNING, sim.job(id).status());
    assertEquals("n2", sim.snapshot().instance("web1").orElseThrow().primary());
    clock.advance(Duration.ofSeconds(1));
    assertEquals(JobStatus.SUCCESS, sim.job(id).status());
    assertEquals("n3", sim.snapshot().instance("web1").orElseThrow().primary());
    assertEquals("n2", sim.snapshot().instance("web1").orElseThrow().secondary());
    assertEquals(11264 + 1024, sim.snapshot().node("n2").orElseThrow().resources().memFree());
    assertEquals(14336 - 1024, sim.snapshot().node("n3").orElseThrow().resources().memFree());
  }

  @Test
  void aJobSubmittedBeforeTheClockWasSteppedBackEndsRatherThanRunAStepsLengthLonger() {
    String id = submit(new Operation.Migrate("web1", "n2", "n3"));
    clock.step(Duration.ofMinutes(-10));
    assertEquals(JobStatus.SUCCESS, sim.job(id).status());
    String after = submit(new Operation.Migrate("app1", "n3", "n2"));
    assertEquals(JobStatus.RUNNING, sim.job(after).status(), "one submitted after the step runs");
    clock.step(Duration.ofHours(1));
    assertEquals(JobStatus.SUCCESS, sim.job(after).status(), "and a step forward ends it");
  }

  @Test
  void aRebootPowersTheNodeOffForItsBootTimeAndItComesBackWithANewBootId() throws Exception {
    SimSettings settings =
        new SimSettings(
            dir.resolve("c.data"),
            dir.resolve("diag"),
            Duration.ofSeconds(1),
            Duration.ZERO,
            Duration.ofSeconds(30),
            dir.resolve("master"));
    sim =
        new SimBackend(
            dir.resolve("sim2/cluster.json"),
            new HtoolsReader().read(TestCluster.CLUSTER, "t"),
            settings,
            clock);
    String before = Files.readString(dir.resolve("diag/n4.boot_id"));
    assertEquals(
        "n1\n", Files.readString(dir.resolve("master")), "the simulated nodes' master file");
    String id = submit(new Operation.RebootNode("n4"));
    clock.advance(Duration.ofSeconds(1));
    assertEquals(JobStatus.SUCCESS, sim.job(id).status());
    assertEquals(java.util.Set.of("n4"), sim.poweredOff());
    clock.advance(Duration.ofSeconds(29));
    assertEquals(java.util.Set.of("n4"), sim.poweredOff());
    clock.advance(Duration.ofSeconds(1));
    assertEquals(java.util.Set.of(), sim.poweredOff());
    org.junit.jupiter.api.Assertions.assertNotEquals(
        before, Files.readString(dir.resolve("diag/n4.boot_id")));

    sim.inject(new FailRule("boot", "n5", "", 1));
    submit(new Operation.RebootNode("n5"));
    clock.advance(Duration.ofHours(10));
    assertEquals(java.util.Set.of("n5"), sim.poweredOff(), "an injected boot failure keeps it off");
    sim.powerOn("n5");
    assertEquals(java.util.Set.of(), sim.poweredOff());

    String refused = submit(new Operation.RebootNode("n1"));
    clock.advance(Duration.ofSeconds(1));
    assertTrue(
        sim.job(refused).message().contains("Cannot power cycle the master node n1"),
        sim.job(refused).message());
  }

  @Test
  void theMasterRoleMovesToAnOnlineMasterCandidateAndTheNodesLearnIt() throws Exception {
    SimSettings settings =
        new SimSettings(
            dir.resolve("c.data"),
            dir.resolve("diag"),
            Duration.ofSeconds(1),
            Duration.ZERO,
            Duration.ofSeconds(30),
            dir.resolve("master"));
    Cluster initial =
        new HtoolsReader()
            .read(TestCluster.CLUSTER, "t")
            .withNode(
                "n3",
                n -> n.withFlags(new org.maintd.cluster.Node.Flags(false, true, false, false)));
    sim = new SimBackend(dir.resolve("sim3/cluster.json"), initial, settings, clock);
    String notCandidate = submit(new Operation.FailoverMaster("n1", "n2"));
    clock.advance(Duration.ofSeconds(1));
    assertTrue(
        sim.job(notCandidate).message().contains("n2 is not an online master candidate"),
        sim.job(notCandidate).message());
    String ok = submit(new Operation.FailoverMaster("n1", "n3"));
    clock.advance(Duration.ofSeconds(1));
    assertEquals(JobStatus.SUCCESS, sim.job(ok).status(), sim.job(ok).message());
    assertEquals("n3", sim.master());
    assertTrue(
        sim.snapshot().node("n1").orElseThrow().flags().masterCandidate(),
        "the old master stays a candidate");
    assertEquals("n3\n", Files.readString(dir.resolve("master")));
  }

  @Test
  void recreatesDisksOnTheNewNodes() {
    String id = submit(new Operation.RecreateDisks("scratch", "n2", "", List.of("n3")));
    clock.advance(Duration.ofSeconds(1));
    assertEquals(JobStatus.SUCCESS, sim.job(id).status(), sim.job(id).message());
    assertEquals("n3", sim.snapshot().instance("scratch").orElseThrow().primary());
  }

  @Test
  void refusesWhatGanetiRefuses() {
    assertFails(
        new Operation.Migrate("scratch", "n2", "n3"),
        "disk layout 'plain' does not allow migrates");
    assertFails(
        new Operation.Migrate("web1", "n2", "n4"), "can only migrate to their secondary node n3");
    assertFails(new Operation.Migrate("web2", "n2", "n4"), "is not running");
    assertFails(Operation.SetNodeFlags.offline("n2"), "still has primary instances");
    assertFails(Operation.SetNodeFlags.drain("n1"), "master node n1 cannot be drained");
    assertFails(new Operation.ReplaceSecondary("web1", "n2", "n3", "n2"), "cannot be its primary");
    assertFails(new Operation.Failover("nosuch", "n2", "n3"), "Instance 'nosuch' not known");
  }

  @Test
  void honoursCapacity() {
    Operation.SetNodeFlags drain3 = Operation.SetNodeFlags.drain("n3");
    submit(drain3);
    clock.advance(Duration.ofSeconds(1));
    assertFails(new Operation.Migrate("db1", "n2", "n3"), "Target node n3 is drained");
  }

  @Test
  void injectedFailuresHitTheMatchingOperationsTheGivenNumberOfTimes() {
    sim.inject(new FailRule("migrate", "", "web1", 1));
    String first = submit(new Operation.Migrate("web1", "n2", "n3"));
    clock.advance(Duration.ofSeconds(1));
    assertEquals(JobStatus.ERROR, sim.job(first).status());
    assertEquals("migrate failed: injected failure of migrate", sim.job(first).message());
    String second = submit(new Operation.Migrate("web1", "n2", "n3"));
    clock.advance(Duration.ofSeconds(1));
    assertEquals(JobStatus.SUCCESS, sim.job(second).status());
  }

  @Test
  void aFailedOperationStopsItsJobButKeepsWhatRanBefore() {
    String id =
        submit(Operation.SetNodeFlags.drain("n4"), new Operation.Migrate("scratch", "n2", "n4"));
    clock.advance(Duration.ofSeconds(2));
    assertEquals(JobStatus.ERROR, sim.job(id).status());
    assertTrue(sim.snapshot().node("n4").orElseThrow().drained());
  }

  @Test
  void copiesTakeTimeByDiskSize() {
    String id = submit(new Operation.Move("scratch", "n2", "n5"));
    clock.advance(Duration.ofSeconds(1));
    assertEquals(
        JobStatus.RUNNING,
        sim.job(id).status(),
        "10000 MiB at 2 s per GiB takes longer than one second");
    clock.advance(Duration.ofSeconds(20));
    assertEquals(JobStatus.SUCCESS, sim.job(id).status());
    assertEquals(200000 - 10000, sim.snapshot().node("n5").orElseThrow().resources().diskFree());
  }

  @Test
  void survivesARestartWithItsJobsAndFindsThemByReasonText() {
    String id = submit(Operation.SetNodeFlags.drain("n4"));
    sim.addNodeTag("n4", "keep:me");
    sim = open();
    assertEquals(List.of(id), sim.findJobs("[k1]"));
    assertEquals(List.of(), sim.findJobs("[k2]"));
    clock.advance(Duration.ofSeconds(1));
    assertEquals(JobStatus.SUCCESS, sim.job(id).status());
    assertTrue(sim.snapshot().node("n4").orElseThrow().drained());
    assertEquals(List.of("keep:me"), sim.snapshot().node("n4").orElseThrow().tags());
    assertEquals(JobStatus.UNKNOWN, sim.job("99").status());
  }

  @Test
  void refusesRepairJobsAndUnknownNodes() {
    BackendException e =
        assertThrows(
            BackendException.class,
            () -> submit(new Operation.RunRepair("n2", "fix", "u", java.util.Map.of())));
    assertTrue(e.getMessage().contains("run through collectors"), e.getMessage());
    assertThrows(BackendException.class, () -> sim.addNodeTag("n9", "x"));
  }

  @Test
  void anUnreadableStateFileIsAClearError() throws Exception {
    Files.writeString(dir.resolve("sim/cluster.json"), "{broken");
    BackendException e = assertThrows(BackendException.class, this::open);
    assertTrue(e.getMessage().contains("is unreadable"), e.getMessage());
  }

  private void assertFails(Operation op, String message) {
    String id = submit(op);
    clock.advance(Duration.ofSeconds(60));
    assertEquals(JobStatus.ERROR, sim.job(id).status(), op.toString());
    assertTrue(sim.job(id).message().contains(message), sim.job(id).message());
  }
}
