package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.Campaigns;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeSelection;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.InstanceStatus;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.health.DiskStatus;
import org.maintd.health.HealthSettings;
import org.maintd.health.InstanceHealth;
import org.maintd.incident.Incident;
import org.maintd.incident.Lifecycle;
import org.maintd.incident.Observation;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.testing.ClusterBuilder;

/**
 * Instance health in the round: its jobs come after repairs and campaign steps and never touch what
 * they take (an evacuated node's instances, a node a campaign is about to reboot, a machine the
 * schedule rules out, a node a reboot request is under way on), one owner for all so that several
 * share a node, the watcher's reason in the trail; balancing still comes after it; switched off, it
 * plans nothing.
 */
class HealthRoundPlanTest {
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);
  private final AtomicInteger ids = new AtomicInteger();
  private final Lifecycle lifecycle = new Lifecycle(() -> new UUID(0, ids.incrementAndGet()));

  /** a (ERROR_down) and b (ERROR_down) on n2, c (ERROR_down) on n4; n1 is the master. */
  private static Cluster cluster() {
    return new ClusterBuilder()
        .node("n1", "g", 8192, 100000, true)
        .node("n2", "g", 8192, 100000, false)
        .node("n3", "g", 8192, 100000, false)
        .node("n4", "g", 8192, 100000, false)
        .node("n5", "g", 8192, 100000, false)
        .instance("a", "n2", "n3", DiskTemplate.DRBD, 1024, InstanceStatus.ERROR_down)
        .instance("b", "n2", "", DiskTemplate.PLAIN, 1024, InstanceStatus.ERROR_down)
        .instance("c", "n4", "n5", DiskTemplate.DRBD, 1024, InstanceStatus.ERROR_down)
        .build();
  }

  private static HealthRound on() {
    return new HealthRound(
        HealthSettings.on(), InstanceHealth.empty(), DiskStatus.unknown(), Map.of(), NOW);
  }

  private static RoundPlan plan(
      Cluster c, List<Incident> incidents, List<Campaign> campaigns, HealthRound h) {
    return new RoundPlanner()
        .plan(
            PlanInputs.of(c, incidents, List.of(), 7, NOW).withCampaigns(campaigns).withHealth(h));
  }

  private static List<String> started(RoundPlan p) {
    return p.jobs().stream()
        .flatMap(j -> j.operations().stream())
        .filter(o -> o instanceof Operation.StartInstance)
        .map(o -> ((Operation.StartInstance) o).instance())
        .toList();
  }

  @Test
  void startsEveryErrorDownInstanceInOneRoundUnderOneOwner() {
    RoundPlan p = plan(cluster(), List.of(), List.of(), on());
    assertEquals(List.of("a", "b", "c"), started(p));
    JobSpec first = p.jobs().get(0);
    assertEquals("health:instances", first.owner());
    assertEquals("health:instances-r7-1", first.key());
    assertEquals(ReasonTrail.SOURCE, first.reason().source());
    assertTrue(first.reason().text().contains("Restarting instance a (attempt #1 of 5)"));
    assertEquals(3, p.health().next().instances().size());
  }

  @Test
  void offItPlansNothingAndKeepsTheStoredHealth() {
    InstanceHealth stored = new InstanceHealth(Map.of(), Map.of("n2", "x"), Map.of());
    HealthRound off =
        new HealthRound(HealthSettings.off(), stored, DiskStatus.unknown(), Map.of("n2", "y"), NOW);
    RoundPlan p = plan(cluster(), List.of(), List.of(), off);
    assertEquals(List.of(), p.jobs());
    assertEquals(stored, p.health().next());
    assertEquals(
        List.of(), new RoundPlanner().plan(cluster(), List.of(), List.of(), 1, NOW).jobs());
  }

  @Test
  void instancesOfANodeBeingEvacuatedAreLeftToTheEvacuation() {
    Observation o =
        new Observation.Fault(
            new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate")));
    List<Incident> incidents = lifecycle.observe(List.of(), Map.of("n2", o), NOW).incidents();
    RoundPlan p = plan(cluster(), incidents, List.of(), on());
    assertEquals(List.of("c"), started(p));
    assertTrue(
        p.items().stream()
            .anyMatch(
                i ->
                    i.id().equals("a")
                        && i.next().waits().isPresent()
                        && i.next().text().contains("node n2")),
        p.items().toString());
    assertEquals(Operation.SetNodeFlags.drain("n2"), p.jobs().get(0).operations().get(0));
  }

  @Test
  void instancesOfANodeACampaignIsAboutToRebootWait() {
    CampaignSpec spec =
        new CampaignSpec(
            NodeSelection.all(),
            CampaignMode.MIGRATE_REBOOT,
            1,
            Duration.ofSeconds(60),
            Duration.ofMinutes(10),
            List.of());
    Campaign campaign = new Campaigns().create("c1", spec, cluster(), NOW);
    List<String> group = campaign.currentGroup();
    RoundPlan p = plan(cluster(), List.of(), List.of(campaign), on());
    for (String inst : List.of("a", "b", "c")) {
      String primary = cluster().instance(inst).get().primary();
      boolean inGroup =
          group.contains(primary) || group.contains(cluster().instance(inst).get().secondary());
      assertEquals(!inGroup, started(p).contains(inst), inst + " with group " + group);
    }
    assertTrue(campaign.progress(group.get(0)).phase() == NodePhase.WAITING);
  }

  @Test
  void anInstanceOnADrainedNodeIsLeftAlone() {
    HealthRound h = on();
    Cluster c = cluster().withNode("n4", n -> n.withFlags(n.flags().withDrained(true)));
    RoundPlan p = plan(c, List.of(), List.of(), h);
    assertEquals(List.of("a", "b"), started(p));
  }

  @Test
  void instancesOfANodeARebootRequestIsUnderWayOnWait() {
    org.maintd.reboot.RebootAsk ask =
        new org.maintd.reboot.RebootAsk(
            "n4",
            org.maintd.reboot.RebootMode.SOFT,
            java.util.Optional.of("alpha"),
            "disk swap",
            true,
            false,
            "ops");
    org.maintd.reboot.Admission.Accepted a =
        (org.maintd.reboot.Admission.Accepted)
            new org.maintd.reboot.RebootRules(org.maintd.reboot.RebootPolicy.defaults())
                .admit(
                    org.maintd.reboot.Reboots.empty(),
                    ask,
                    org.maintd.reboot.NodeStanding.free(),
                    "r1",
                    NOW);
    RoundPlan p =
        new RoundPlanner()
            .plan(
                PlanInputs.of(cluster(), List.of(), List.of(), 7, NOW)
                    .withHealth(on())
                    .withReboots(
                        new RebootInput(a.reboots(), org.maintd.reboot.RebootPolicy.defaults())));
    assertEquals(List.of("a", "b"), started(p));
    assertTrue(
        p.items().stream()
            .anyMatch(
                i ->
                    i.id().equals("c")
                        && i.next().text().contains("about to be rebooted by a reboot request")),
        p.items().toString());
  }

  @Test
  void aUserDownInstanceIsShutDownAndTheDisksOfOneWhoseSecondaryRebootedAreActivated() {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 8192, 100000, false)
            .node("n4", "g", 8192, 100000, false)
            .instance("u", "n2", "", DiskTemplate.PLAIN, 1024, InstanceStatus.USER_down)
            .instance("m", "n3", "n4", DiskTemplate.DRBD, 1024, InstanceStatus.running)
            .build();
    HealthRound h =
        new HealthRound(
            HealthSettings.on(),
            new InstanceHealth(Map.of(), Map.of("n4", "boot-1"), Map.of()),
            new DiskStatus(Map.of("m", true), java.util.Set.of()),
            Map.of("n4", "boot-2"),
            NOW);
    RoundPlan p = plan(c, List.of(), List.of(), h);
    assertEquals(
        List.of(
            new Operation.ShutdownInstance("u", "n2", true),
            new Operation.ActivateDisks("m", "n3", "n4")),
        p.jobs().stream().flatMap(j -> j.operations().stream()).toList());
    assertEquals(Map.of("n4", "boot-2"), p.health().next().bootIds());
  }

  @Test
  void anInstanceOfAnEvacuatedNodeWaitsNamingWhy() {
    RoundPlan p =
        new RoundPlanner()
            .plan(PlanInputs.of(cluster(), List.of(), List.of("n4"), 7, NOW).withHealth(on()));
    assertEquals(List.of("a", "b"), started(p));
    assertTrue(
        p.items().stream()
            .anyMatch(
                i ->
                    i.id().equals("c")
                        && i.next()
                            .text()
                            .contains("node n4 has an active incident or was evacuated")),
        p.items().toString());
  }
}
