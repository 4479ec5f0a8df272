package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeProgress;
import org.maintd.campaign.NodeSelection;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.Node;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.incident.Incident;
import org.maintd.incident.Lifecycle;
import org.maintd.incident.Observation;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.testing.ClusterBuilder;

/**
 * Evacuations in a round: the safety cap across incidents, the targets other jobs hold, N+1 and
 * exclusion tags, what the reason trail and the incident's next step say.
 */
class EvacuationPlannerTest {
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000, 123_456_789);
  private final AtomicInteger ids = new AtomicInteger();
  private final Lifecycle lifecycle = new Lifecycle(() -> new UUID(0, ids.incrementAndGet()));
  private final RoundPlanner planner = new RoundPlanner();

  private List<Incident> report(List<Incident> existing, String node, String status) {
    Map<String, Object> diagnose =
        status.equals("live-repair")
            ? Map.of("status", status, "command", "fix-disk")
            : Map.of("status", status);
    Observation o = new Observation.Fault(new DiagnoseParser().parseCommandOutput(diagnose));
    return lifecycle.observe(existing, Map.of(node, o), NOW).incidents();
  }

  private static Incident on(List<Incident> incidents, String node) {
    return incidents.stream().filter(i -> i.node().equals(node)).findFirst().orElseThrow();
  }

  private static Cluster drained(Cluster c, String... nodes) {
    for (String n : nodes) {
      c = c.withNode(n, x -> x.withFlags(x.flags().withDrained(true)));
    }
    return c;
  }

  private static List<Operation> ops(RoundPlan plan) {
    return plan.jobs().stream().flatMap(j -> j.operations().stream()).toList();
  }

  @Test
  void twoDrainsInOneRoundCountAgainstTheSameSafetyCap() {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 8192, 100000, false)
            .node("n4", "g", 8192, 100000, false)
            .build();
    List<Incident> incidents = report(report(List.of(), "n2", "evacuate"), "n3", "evacuate");
    RoundPlan plan = planner.plan(c, incidents, List.of(), 1, NOW);
    assertEquals(List.of(Operation.SetNodeFlags.drain("n2")), ops(plan));
    assertEquals(
        "waits for the safety cap: cap: group g already has 1 node(s) out of service (n2),"
            + " maxUnavailable allows 1 (1)",
        plan.next().get(on(incidents, "n3").uuid()).text());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "a candidate                    | n3       | ''    | ''  | n3",
        "the first candidate has a fault | n2,n3    | ''    | n2  | n3",
        "the only candidate is drained  | n2       | n2    | ''  | ''",
        "no candidate                   | ''       | ''    | ''  | ''"
      })
  void theMastersOwnEvacuationMovesTheMasterRoleToACandidateFirst(
      String what, String candidates, String drainedNodes, String faulty, String to) {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 8192, 100000, false)
            .node("n4", "g", 8192, 100000, false)
            .instance("i1", "n1", "n4", DiskTemplate.DRBD)
            .build();
    for (String n : candidates.isEmpty() ? new String[0] : candidates.split(",")) {
      c = c.withNode(n, x -> x.withFlags(new Node.Flags(false, true, false, false)));
    }
    if (!drainedNodes.isEmpty()) {
      c = drained(c, drainedNodes.split(","));
    }
    List<Incident> incidents = report(List.of(), "n1", "evacuate");
    if (!faulty.isEmpty()) {
      incidents = report(incidents, faulty, "live-repair");
    }
    RoundPlan plan = planner.plan(c, incidents, List.of(), 1, NOW);
    String next = plan.next().get(on(incidents, "n1").uuid()).text();
    if (to.isEmpty()) {
      assertEquals("node n1 is the master and no online master candidate can take the role", next);
      assertTrue(ops(plan).stream().noneMatch(o -> o instanceof Operation.FailoverMaster));
    } else {
      assertEquals("move the master role from n1 to " + to + " first", next);
      assertTrue(ops(plan).contains(new Operation.FailoverMaster("n1", to)), ops(plan).toString());
      assertFalse(
          ops(plan).contains(Operation.SetNodeFlags.drain("n1")),
          "the master is drained only once it is no longer the master");
    }
  }

  @Test
  void anIncidentOnANodeNotInTheClusterWaits() {
    RoundPlan plan =
        planner.plan(
            new ClusterBuilder().node("n1", "g", 8192, 100000, true).build(),
            report(List.of(), "n9", "evacuate"),
            List.of(),
            1,
            NOW);
    assertEquals(List.of(), plan.jobs());
    assertEquals("node n9 is not in the cluster", plan.next().values().iterator().next().text());
  }

  @Test
  void aSecondEvacuationDoesNotMoveToATargetTheFirstHolds() {
    // n1 has far the most room: both would go there, but n2's move holds it for this round.
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 30000, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 8192, 100000, false)
                .node("n4", "g", 8192, 100000, false)
                .instance("a", "n2", "", DiskTemplate.SHAREDFILE)
                .instance("b", "n3", "", DiskTemplate.SHAREDFILE)
                .build(),
            "n2",
            "n3");
    List<Incident> incidents = report(report(List.of(), "n2", "evacuate"), "n3", "evacuate");
    RoundPlan plan = planner.plan(c, incidents, List.of(), 1, NOW);
    assertEquals(
        List.of(new Operation.Migrate("a", "n2", "n1"), new Operation.Migrate("b", "n3", "n4")),
        ops(plan));
  }

  @Test
  void theJobsReasonTrailNamesTheIncidentItsMovesAndItsKeyAndTime() {
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 8192, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 30000, 100000, false)
                .instance("a", "n2", "", DiskTemplate.SHAREDFILE)
                .instance("b", "n2", "", DiskTemplate.PLAIN, 1024, InstanceStatus.ADMIN_down)
                .build(),
            "n2");
    List<Incident> incidents = report(List.of(), "n2", "evacuate");
    String owner = incidents.get(0).uuid().toString();
    RoundPlan plan = planner.plan(c, incidents, List.of(), 7, NOW);
    JobSpec job = plan.jobs().get(0);
    assertEquals(owner + "-r7-1", job.key());
    assertEquals(
        "incident "
            + owner
            + " (evacuate n2): migrate a, move b from n2 to n3 ["
            + owner
            + "-r7-1]",
        job.reason().text());
    assertEquals(1_800_000_000_123_456_789L, job.reason().timestampNanos());
    assertEquals("move 2 of 2 instances off n2", plan.next().get(incidents.get(0).uuid()).text());
  }

  @Test
  void everyJobOfARoundHasItsOwnKeyCountedFromOne() {
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 8192, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 8192, 100000, false)
                .instance("a", "n2", "n3", DiskTemplate.DRBD)
                .instance("s", "n2", "", DiskTemplate.SHAREDFILE)
                .build(),
            "n2");
    List<Incident> incidents = report(List.of(), "n2", "evacuate");
    String owner = incidents.get(0).uuid().toString();
    RoundPlan plan = planner.plan(c, incidents, List.of(), 3, NOW);
    assertEquals(
        List.of(owner + "-r3-1", owner + "-r3-2"),
        plan.jobs().stream().map(JobSpec::key).toList(),
        plan.jobs().toString());
  }

  @Test
  void primariesAndSecondariesBothCountInTheSummary() {
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 8192, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 8192, 100000, false)
                .node("n4", "g", 8192, 100000, false)
                .instance("s", "n2", "", DiskTemplate.SHAREDFILE)
                .instance("b", "n4", "n2", DiskTemplate.DRBD)
                .instance("c", "n4", "n2", DiskTemplate.DRBD)
                .build(),
            "n2");
    List<Incident> incidents = report(List.of(), "n2", "evacuate");
    RoundPlan plan = planner.plan(c, incidents, List.of(), 1, NOW);
    assertTrue(
        plan.next().get(incidents.get(0).uuid()).text().startsWith("move 3 of 3 instances off n2"),
        plan.next().toString());
    assertEquals(3, ops(plan).size(), ops(plan).toString());
  }

  @ParameterizedTest(name = "n3 {0} MiB free, secondary of {1} MiB ({2}); {3} MiB placed -> {4}")
  @CsvSource({
    // n3 free, n4's instance with its secondary on n3, its status, the instance placed, target
    "3072, 2048, running,       1024, n5",
    "3073, 2048, running,       1024, n3",
    "3000, 2048, running,       1024, n5",
    "2048, 2048, running,        512, n3",
    "3000, 2048, ADMIN_offline, 1024, n3"
  })
  void aTargetThatCouldNoLongerTakeOverItsPeersInstancesComesAfterOneThatCould(
      long n3Free, long reserved, InstanceStatus status, long memory, String target) {
    // n5 has 1500 MiB free and holds no secondary; n4 has no room.
    Cluster c =
        PlacementTest.withInstances(
            drained(
                new ClusterBuilder()
                    .node("n1", "other", 100000, 100000, true)
                    .node("n2", "g", 8192, 100000, false)
                    .node("n3", "g", n3Free, 100000, false)
                    .node("n4", "g", 100, 100000, false)
                    .node("n5", "g", 1500, 100000, false)
                    .build(),
                "n2"),
            PlacementTest.instance(
                "w", "n2", "", DiskTemplate.SHAREDFILE, memory, 10, 1, InstanceStatus.running),
            PlacementTest.instance("big", "n4", "n3", DiskTemplate.DRBD, reserved, 10, 1, status));
    List<Incident> incidents = report(List.of(), "n2", "evacuate");
    RoundPlan plan = planner.plan(c, incidents, List.of(), 1, NOW);
    assertEquals(List.of(new Operation.Migrate("w", "n2", target)), ops(plan));
    assertFalse(plan.next().get(incidents.get(0).uuid()).text().contains("compromises"));
  }

  @Test
  void aNewSecondaryKeepsItsNodeAbleToTakeOverThePrimarysInstancesWhereItCan() {
    // n3 has the most room but already holds the secondary of d (2048 MiB, primary n4): as the
    // secondary of c (2048 MiB, primary n4) too, it would need 4096 MiB to take over n4.
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "other", 100000, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 3000, 100000, false)
                .node("n4", "g", 100, 100000, false)
                .node("n5", "g", 2500, 100000, false)
                .instance("c", "n4", "n2", DiskTemplate.DRBD, 2048, InstanceStatus.running)
                .instance("d", "n4", "n3", DiskTemplate.DRBD, 2048, InstanceStatus.running)
                .build(),
            "n2");
    List<Incident> incidents = report(List.of(), "n2", "evacuate");
    RoundPlan plan = planner.plan(c, incidents, List.of(), 1, NOW);
    assertEquals(List.of(new Operation.ReplaceSecondary("c", "n4", "n2", "n5")), ops(plan));
    assertEquals("move 1 of 1 instances off n2", plan.next().get(incidents.get(0).uuid()).text());

    Cluster noOther = c.withNode("n5", n -> n.withFlags(n.flags().withDrained(true)));
    RoundPlan compromise = planner.plan(noOther, incidents, List.of(), 1, NOW);
    assertEquals(List.of(new Operation.ReplaceSecondary("c", "n4", "n2", "n3")), ops(compromise));
    assertEquals(
        "move 1 of 1 instances off n2; compromises: c to n3 although n3 could no longer take over"
            + " its peers' instances (N+1): no other node has room",
        compromise.next().get(incidents.get(0).uuid()).text());
  }

  @Test
  void aSecondaryOnAnUnusableNodeIsReplacedAndACompromiseIsSaid() {
    // i1's secondary n3 is drained: it gets a new one first; only n4 is left, and with 2000 MiB
    // free it could not take over i1 (2048 MiB) from n2.
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "other", 100000, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 8192, 100000, false)
                .node("n4", "g", 2000, 100000, false)
                .instance("i1", "n2", "n3", DiskTemplate.DRBD, 2048, InstanceStatus.running)
                .build(),
            "n2",
            "n3");
    List<Incident> incidents = report(List.of(), "n2", "evacuate");
    RoundPlan plan = planner.plan(c, incidents, List.of(), 1, NOW);
    assertEquals(List.of(new Operation.ReplaceSecondary("i1", "n2", "n3", "n4")), ops(plan));
    assertEquals(
        "move 1 of 1 instances off n2; compromises: i1 to n4 although n4 could no longer take over"
            + " its peers' instances (N+1): no other node has room",
        plan.next().get(incidents.get(0).uuid()).text());
  }

  @Test
  void aCompromiseIsSaidOnlyForTheEvacuationThatMadeIt() {
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "other", 100000, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 9000, 100000, false)
                .node("n4", "g", 100, 100000, false)
                .node("n6", "h", 8192, 100000, false)
                .node("n7", "h", 8192, 100000, false)
                .instance("web", "n2", "", DiskTemplate.SHAREDFILE, 3072, InstanceStatus.running)
                .instance("big", "n4", "n3", DiskTemplate.DRBD, 6144, InstanceStatus.running)
                .instance("x", "n6", "", DiskTemplate.SHAREDFILE)
                .build(),
            "n2",
            "n6");
    List<Incident> incidents = report(report(List.of(), "n2", "evacuate"), "n6", "evacuate");
    RoundPlan plan = planner.plan(c, incidents, List.of(), 1, NOW);
    assertEquals(
        List.of(new Operation.Migrate("web", "n2", "n3"), new Operation.Migrate("x", "n6", "n7")),
        ops(plan));
    assertTrue(
        plan.next().get(on(incidents, "n2").uuid()).text().contains("; compromises: web to n3"),
        plan.next().toString());
    assertEquals(
        "move 1 of 1 instances off n6", plan.next().get(on(incidents, "n6").uuid()).text());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "room      | 8192 | migrate",
        "no room   |  100 | a: its secondary n3 has 100 MiB free memory, 1024 needed",
        "busy      | 8192 | a: its secondary n3 is busy with another job this round"
      })
  void aDrbdPrimaryMovesToItsSecondaryOnlyWhenItIsFreeAndHasRoom(
      String what, long n3Free, String outcome) {
    // n4's incident comes first: with "busy", its instance goes to n3, which has the most room.
    ClusterBuilder b =
        new ClusterBuilder()
            .node("n1", "g", 1000, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", n3Free, 100000, false)
            .node("n4", "g", 8192, 100000, false)
            .node("n5", "g", 2000, 100000, false)
            .instance("a", "n2", "n3", DiskTemplate.DRBD);
    List<Incident> first = List.of();
    if (what.equals("busy")) {
      b.instance("x", "n4", "", DiskTemplate.SHAREDFILE);
      first = report(first, "n4", "evacuate");
    }
    List<Incident> incidents = report(first, "n2", "evacuate");
    RoundPlan plan = planner.plan(drained(b.build(), "n2", "n4"), incidents, List.of(), 1, NOW);
    List<Operation> mine =
        plan.jobs().stream()
            .filter(j -> j.owner().equals(on(incidents, "n2").uuid().toString()))
            .flatMap(j -> j.operations().stream())
            .toList();
    String next = plan.next().get(on(incidents, "n2").uuid()).text();
    if (outcome.equals("migrate")) {
      assertEquals(List.of(new Operation.Migrate("a", "n2", "n3")), mine);
    } else {
      assertEquals(List.of(), mine);
      assertEquals("move 0 of 1 instances off n2; waiting: " + outcome, next);
    }
    if (what.equals("busy")) {
      assertTrue(ops(plan).contains(new Operation.Migrate("x", "n4", "n3")), ops(plan).toString());
    }
  }

  @Test
  void aLiveRepairWaitsWhileAnEvacuationGivesAnInstanceOfItsNodeANewSecondary() {
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 8192, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 8192, 100000, false)
                .node("n5", "g", 8192, 100000, false)
                .instance("b", "n5", "n2", DiskTemplate.DRBD)
                .build(),
            "n2");
    List<Incident> incidents = report(report(List.of(), "n5", "live-repair"), "n2", "evacuate");
    RoundPlan plan = planner.plan(c, incidents, List.of(), 1, NOW);
    assertEquals(List.of(new Operation.ReplaceSecondary("b", "n5", "n2", "n1")), ops(plan));
    assertEquals(
        "node n5 is busy with another job this round",
        plan.next().get(on(incidents, "n5").uuid()).text());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"live-repair", "evacuate"})
  void aCampaignDoesNotRebootANodeInTheRoundItsIncidentWorksOnIt(String status) {
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 8192, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 8192, 100000, false)
                .build(),
            "n2");
    List<Incident> incidents = report(List.of(), "n2", status);
    Campaign campaign =
        new Campaign(
            "c1",
            new CampaignSpec(
                NodeSelection.all(),
                CampaignMode.MIGRATE_REBOOT,
                0,
                Duration.ofSeconds(60),
                Duration.ofMinutes(10),
                List.of()),
            CampaignStatus.RUNNING,
            "",
            List.of(List.of("n2")),
            0,
            List.of(NodeProgress.waiting("n2", NOW).to(NodePhase.REBOOT, NOW)),
            List.of(),
            List.of(),
            "",
            NOW,
            NOW);
    RoundPlan plan =
        planner.plan(
            PlanInputs.of(c, incidents, List.of(), 1, NOW).withCampaigns(List.of(campaign)));
    assertEquals(1, plan.jobs().size(), plan.jobs().toString());
    assertEquals(incidents.get(0).uuid().toString(), plan.jobs().get(0).owner());
    assertEquals(NodePhase.REBOOT, plan.campaigns().get(0).progress("n2").phase());
    assertEquals(
        "group 1 of 1: n2: busy with another job this round", plan.campaigns().get(0).next());
  }
}
