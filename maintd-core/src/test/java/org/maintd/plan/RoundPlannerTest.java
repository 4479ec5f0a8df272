package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.incident.Lifecycle;
import org.maintd.incident.Observation;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.safety.SafetyCaps;
import org.maintd.testing.ClusterBuilder;

class RoundPlannerTest {
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);
  private final AtomicInteger ids = new AtomicInteger();
  private final Lifecycle lifecycle = new Lifecycle(() -> new UUID(0, ids.incrementAndGet()));
  private final RoundPlanner planner = new RoundPlanner();

  private List<Incident> report(
      List<Incident> existing, String node, Map<String, Object> diagnose) {
    Observation o = new Observation.Fault(new DiagnoseParser().parseCommandOutput(diagnose));
    return lifecycle.observe(existing, Map.of(node, o), NOW).incidents();
  }

  private Cluster drained(Cluster c, String node) {
    return c.withNode(node, n -> n.withFlags(n.flags().withDrained(true)));
  }

  @Test
  void evacuationDrainsTheNodeFirstWithTheIncidentInTheReasonTrail() {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 8192, 100000, false)
            .instance("i1", "n2", "n3", DiskTemplate.DRBD)
            .build();
    List<Incident> incidents = report(List.of(), "n2", Map.of("status", "evacuate"));
    RoundPlan plan = planner.plan(c, incidents, List.of(), 1, NOW);
    assertEquals(1, plan.jobs().size());
    JobSpec job = plan.jobs().get(0);
    assertEquals(List.of(Operation.SetNodeFlags.drain("n2")), job.operations());
    assertEquals(ReasonTrail.SOURCE, job.reason().source());
    assertTrue(job.reason().text().contains(incidents.get(0).uuid().toString()));
    assertTrue(job.reason().text().contains("[" + job.key() + "]"));
  }

  @Test
  void movesEveryPrimaryInOneRoundOneJobPerTargetAndChoosesTheRightOperation() {
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 8192, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 8192, 100000, false)
                .node("n4", "g", 8192, 100000, false)
                .instance("drbd-up", "n2", "n3", DiskTemplate.DRBD)
                .instance(
                    "drbd-down", "n2", "n4", DiskTemplate.DRBD, 1024, InstanceStatus.ADMIN_down)
                .instance("shared", "n2", "", DiskTemplate.SHAREDFILE)
                .instance("plain", "n2", "", DiskTemplate.PLAIN)
                .instance("other", "n3", "n2", DiskTemplate.DRBD)
                .build(),
            "n2");
    RoundPlan plan =
        planner.plan(c, report(List.of(), "n2", Map.of("status", "evacuate")), List.of(), 2, NOW);
    List<Operation> ops = plan.jobs().stream().flatMap(j -> j.operations().stream()).toList();
    assertTrue(ops.contains(new Operation.Migrate("drbd-up", "n2", "n3")), ops.toString());
    assertTrue(ops.contains(new Operation.Failover("drbd-down", "n2", "n4")), ops.toString());
    assertTrue(
        ops.stream()
            .anyMatch(o -> o instanceof Operation.Migrate m && m.instance().equals("shared")),
        ops.toString());
    assertTrue(
        ops.stream().anyMatch(o -> o instanceof Operation.Move m && m.instance().equals("plain")),
        ops.toString());
    assertTrue(
        ops.stream()
            .anyMatch(
                o -> o instanceof Operation.ReplaceSecondary r && r.instance().equals("other")),
        ops.toString());
    Set<String> targets = new HashSet<>();
    for (JobSpec j : plan.jobs()) {
      Set<String> jobTargets = new HashSet<>(j.nodes());
      jobTargets.remove("n2");
      assertTrue(
          targets.addAll(jobTargets) || jobTargets.isEmpty(),
          "targets shared between jobs: " + plan.jobs());
    }
  }

  @Test
  void evacuateFailoverFailsOverEvenRunningInstances() {
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 8192, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 8192, 100000, false)
                .instance("a", "n2", "n3", DiskTemplate.DRBD)
                .instance("b", "n2", "", DiskTemplate.DISKLESS)
                .build(),
            "n2");
    RoundPlan plan =
        planner.plan(
            c, report(List.of(), "n2", Map.of("status", "evacuate-failover")), List.of(), 2, NOW);
    plan.jobs().stream()
        .flatMap(j -> j.operations().stream())
        .forEach(o -> assertInstanceOf(Operation.Failover.class, o));
    assertEquals(2, plan.jobs().stream().mapToInt(j -> j.operations().size()).sum());
  }

  @Test
  void anInstanceThatFitsNowhereWaitsWithTheReason() {
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 512, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 512, 100000, false)
                .instance("big", "n2", "", DiskTemplate.SHAREDFILE, 4096, InstanceStatus.running)
                .build(),
            "n2");
    RoundPlan plan =
        planner.plan(c, report(List.of(), "n2", Map.of("status", "evacuate")), List.of(), 2, NOW);
    assertTrue(plan.jobs().isEmpty());
    String next = plan.next().values().iterator().next().text();
    assertTrue(next.contains("big: no node in the group has room (4096 MiB memory"), next);
  }

  @Test
  void anEmptyDrainedNodeGoesOfflineThenTheIncidentIsComplete() {
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 8192, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .build(),
            "n2");
    List<Incident> incidents = report(List.of(), "n2", Map.of("status", "evacuate"));
    RoundPlan plan = planner.plan(c, incidents, List.of(), 3, NOW);
    assertEquals(List.of(Operation.SetNodeFlags.offline("n2")), plan.jobs().get(0).operations());
    Cluster offline = c.withNode("n2", n -> n.withFlags(n.flags().withOffline(true)));
    RoundPlan done = planner.plan(offline, incidents, List.of(), 4, NOW);
    assertTrue(done.jobs().isEmpty());
    assertEquals(List.of(incidents.get(0).uuid()), done.completed());
  }

  @Test
  void theMasterIsNeverDrainedByAnEvacuation() {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .build();
    RoundPlan plan =
        planner.plan(c, report(List.of(), "n1", Map.of("status", "evacuate")), List.of(), 1, NOW);
    assertTrue(plan.jobs().isEmpty());
    assertTrue(plan.next().values().iterator().next().text().contains("is the master"));
  }

  @Test
  void twoEvacuationsNeverShareANodeAndNodesWithIncidentsAreNoTargets() {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 8192, 100000, false)
            .node("n4", "g", 8192, 100000, false)
            .instance("a", "n2", "", DiskTemplate.SHAREDFILE)
            .instance("b", "n3", "", DiskTemplate.SHAREDFILE)
            .build();
    c = drained(drained(c, "n2"), "n3");
    List<Incident> incidents =
        report(
            report(List.of(), "n2", Map.of("status", "evacuate")),
            "n3",
            Map.of("status", "evacuate"));
    RoundPlan plan = planner.plan(c, incidents, List.of(), 2, NOW);
    assertEquals(2, plan.jobs().size(), plan.jobs().toString());
    Set<String> first = plan.jobs().get(0).nodes();
    Set<String> second = plan.jobs().get(1).nodes();
    assertTrue(first.stream().noneMatch(second::contains), "jobs share a node: " + plan.jobs());
    assertEquals(Set.of("n2", "n1"), first);
    assertEquals(Set.of("n3", "n4"), second);
  }

  @Test
  void aLiveRepairRunsItsCommandOnceThenCompletes() {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .build();
    List<Incident> incidents =
        report(List.of(), "n2", Map.of("status", "live-repair", "command", "fix-disk"));
    RoundPlan plan = planner.plan(c, incidents, List.of(), 1, NOW);
    Operation.RunRepair op = (Operation.RunRepair) plan.jobs().get(0).operations().get(0);
    assertEquals("fix-disk", op.command());
    assertEquals(incidents.get(0).uuid().toString(), op.incident());
    List<Incident> pending =
        List.of(lifecycle.submitted(incidents.get(0), List.of("repair:x"), "run", NOW));
    assertEquals(
        List.of(incidents.get(0).uuid()), planner.plan(c, pending, List.of(), 2, NOW).completed());
  }

  @Test
  void evacuationsComeBeforeLiveRepairs() {
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 8192, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 8192, 100000, false)
                .build(),
            "n3");
    List<Incident> incidents =
        report(
            report(List.of(), "n2", Map.of("status", "live-repair", "command", "x")),
            "n3",
            Map.of("status", "evacuate"));
    List<Incident> order = RoundPlanner.actionable(incidents);
    assertEquals("n3", order.get(0).node());
  }

  @Test
  void anInstanceWhoseSecondaryHasItsOwnIncidentGetsANewSecondaryInsteadOfWaitingForIt() {
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 4096, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 8192, 100000, false)
                .node("n4", "g", 8192, 100000, false)
                .instance("i1", "n2", "n3", DiskTemplate.DRBD)
                .build(),
            "n2");
    List<Incident> incidents = report(List.of(), "n2", Map.of("status", "evacuate"));
    incidents = report(incidents, "n3", Map.of("status", "evacuate"));
    RoundPlan plan = planner.plan(c, incidents, List.of(), 2, NOW);
    List<Operation> ops = plan.jobs().stream().flatMap(j -> j.operations().stream()).toList();
    assertEquals(
        List.of(new Operation.ReplaceSecondary("i1", "n2", "n3", "n4")),
        ops,
        "n3 waits for the cap held by n2, so n2 must not wait for n3");
    Incident n3 = incidents.stream().filter(i -> i.node().equals("n3")).findFirst().orElseThrow();
    assertEquals("node n3 is busy with another job this round", plan.next().get(n3.uuid()).text());
    Cluster after = c.withInstance("i1", i -> i.placedOn("n2", "n4"));
    RoundPlan next = planner.plan(after, incidents, List.of(), 3, NOW);
    assertTrue(
        next.next()
            .get(n3.uuid())
            .text()
            .startsWith(
                "waits for the safety cap: cap: group g already has 1 node(s)"
                    + " out of service (n2)"),
        next.next().toString());
  }

  @Test
  void targetsThatKeepN1AndExclusionTagsApartComeFirstEvenWithLessFreeMemory() {
    // n3 has the most free memory, but holds the secondary of a 6 GiB instance of n4: taking
    // 3 GiB more would leave it unable to take over n4's instance. n5 has less room but stays N+1.
    // n6 has the most room after n3 but already runs an instance tagged service:web.
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 1024, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 9000, 100000, false)
                .node("n4", "g", 2048, 100000, false)
                .node("n5", "g", 6000, 100000, false)
                .node("n6", "g", 8500, 100000, false)
                .instance("web", "n2", "", DiskTemplate.SHAREDFILE, 3072, InstanceStatus.running)
                .instance("big", "n4", "n3", DiskTemplate.DRBD, 6144, InstanceStatus.running)
                .instance("web2", "n6", "", DiskTemplate.SHAREDFILE, 512, InstanceStatus.running)
                .build(),
            "n2");
    c =
        c.withTags(List.of("htools:iextags:service"))
            .withInstance("web", i -> i.withTags(List.of("service:web")))
            .withInstance("web2", i -> i.withTags(List.of("service:web")));
    List<Incident> incidents = report(List.of(), "n2", Map.of("status", "evacuate"));
    RoundPlan plan = planner.plan(c, incidents, List.of(), 2, NOW);
    assertEquals(
        List.of(new Operation.Migrate("web", "n2", "n5")),
        plan.jobs().stream().flatMap(j -> j.operations().stream()).toList());
    assertFalse(plan.next().get(incidents.get(0).uuid()).text().contains("compromises"));
  }

  @Test
  void whenOnlyACompromiseHasRoomItIsTakenAndSaid() {
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 1024, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 9000, 100000, false)
                .node("n4", "g", 2048, 100000, false)
                .instance("web", "n2", "", DiskTemplate.SHAREDFILE, 3072, InstanceStatus.running)
                .instance("big", "n4", "n3", DiskTemplate.DRBD, 6144, InstanceStatus.running)
                .build(),
            "n2");
    List<Incident> incidents = report(List.of(), "n2", Map.of("status", "evacuate"));
    RoundPlan plan = planner.plan(c, incidents, List.of(), 2, NOW);
    List<Operation> ops = plan.jobs().stream().flatMap(j -> j.operations().stream()).toList();
    assertEquals(1, ops.size(), ops.toString());
    String next = plan.next().get(incidents.get(0).uuid()).text();
    assertTrue(next.contains("compromises: web to "), next);
    assertTrue(next.contains("(N+1): no other node has room"), next);
  }

  private static Incident incident(
      int id, String node, String diagnosis, IncidentStatus status, boolean acknowledged) {
    Map<String, Object> diagnose =
        diagnosis.equals("live-repair")
            ? Map.of("status", diagnosis, "command", "fix-disk")
            : Map.of("status", diagnosis);
    return new Incident(
        new UUID(0, id),
        node,
        new DiagnoseParser().parseCommandOutput(diagnose),
        status,
        List.of(),
        NOW.plusSeconds(id),
        NOW.plusSeconds(id),
        1,
        List.of(),
        "",
        true,
        false,
        acknowledged);
  }

  @ParameterizedTest(name = "{0} {1} (acknowledged {2})")
  @CsvSource(
      delimiter = '|',
      value = {
        "CANCELED  | evacuate    | false | nothing: canceled; forgotten once the node no longer"
            + " reports it",
        "FAILED    | evacuate    | false | nothing: failed; remove tag"
            + " maintd:repairfailed:00000000-0000-0000-0000-000000000001 to forget it",
        "COMPLETED | evacuate    | false | nothing: completed; remove tag"
            + " maintd:repairready:00000000-0000-0000-0000-000000000001 to acknowledge",
        "COMPLETED | evacuate    | true  | nothing: acknowledged; forgotten once the node no longer"
            + " reports it",
        "NOTED     | live-repair | false | waits: 00000000-0000-0000-0000-000000000002 (evacuate)"
            + " is handled first on this node",
        "PENDING   | live-repair | false | waits: 00000000-0000-0000-0000-000000000002 (evacuate)"
            + " is handled first on this node"
      })
  void anIncidentNotActedOnSaysWhy(
      IncidentStatus status, String diagnosis, boolean acknowledged, String next) {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 8192, 100000, false)
            .build();
    Incident mine = incident(1, "n2", diagnosis, status, acknowledged);
    Incident top = incident(2, "n2", "evacuate", IncidentStatus.NOTED, false);
    RoundPlan plan = planner.plan(c, List.of(mine, top), List.of(), 1, NOW);
    assertEquals(next, plan.next().get(mine.uuid()).text());
    assertEquals("drain n2", plan.next().get(top.uuid()).text());
  }

  @ParameterizedTest(name = "an incident {0} on n3 -> the instance goes to {1}")
  @CsvSource({"COMPLETED, n3", "FAILED, n1", "CANCELED, n3", "NOTED, n1", "PENDING, n1"})
  void onlyAnActiveIncidentOrAFailedRepairKeepsInstancesOffItsNode(
      IncidentStatus status, String target) {
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 8192, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 30000, 100000, false)
                .instance("s", "n2", "", DiskTemplate.SHAREDFILE)
                .build(),
            "n2");
    Incident evacuation = incident(1, "n2", "evacuate", IncidentStatus.NOTED, false);
    Incident other = incident(2, "n3", "live-repair", status, false);
    RoundPlan plan = planner.plan(c, List.of(evacuation, other), List.of(), 1, NOW);
    assertEquals(
        List.of(new Operation.Migrate("s", "n2", target)),
        plan.jobs().stream()
            .filter(j -> j.owner().equals(evacuation.uuid().toString()))
            .flatMap(j -> j.operations().stream())
            .toList());
  }

  @ParameterizedTest(name = "a campaign {0} -> balancing waits {2}")
  @CsvSource({
    "RUNNING,   WAITING, true",
    "ABORTING,  UNDRAIN, true",
    "FAILING,   UNDRAIN, true",
    "PAUSED,    UNDRAIN, false",
    "COMPLETED, DONE,    false",
    "ABORTING,  WAITING, false"
  })
  void balancingWaitsWhileACampaignIsUnderWay(
      CampaignStatus status, NodePhase phase, boolean waits) {
    Cluster c =
        drained(
            new ClusterBuilder()
                .node("n1", "g", 8192, 100000, true)
                .node("n2", "g", 8192, 100000, false)
                .node("n3", "g", 8192, 100000, false)
                .build(),
            "n3");
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
            status,
            status == CampaignStatus.RUNNING ? "" : "stopped by op",
            List.of(List.of("n3")),
            0,
            List.of(NodeProgress.waiting("n3", NOW).to(phase, NOW)),
            List.of(),
            List.of(),
            "",
            NOW,
            NOW);
    RoundPlan plan =
        new RoundPlanner(SafetyCaps.defaults(), false, 1000)
            .plan(PlanInputs.of(c, List.of(), List.of(), 1, NOW).withCampaigns(List.of(campaign)));
    List<PlanItem> balance = plan.items().stream().filter(i -> i.kind().equals("balance")).toList();
    assertEquals(1, balance.size(), plan.items().toString());
    assertEquals(
        waits,
        balance.get(0).next().text().equals("waits: campaign c1 is under way"),
        balance.get(0).next().text());
    assertEquals(waits ? "cluster" : "g", balance.get(0).id());
  }
}
