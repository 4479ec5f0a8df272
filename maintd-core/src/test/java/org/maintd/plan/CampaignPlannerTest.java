package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignException;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.Campaigns;
import org.maintd.campaign.DailyWindow;
import org.maintd.campaign.Home;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeSelection;
import org.maintd.campaign.NodeSignal;
import org.maintd.campaign.RebootKind;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.reboot.Admission;
import org.maintd.reboot.NodeStanding;
import org.maintd.reboot.RebootAsk;
import org.maintd.reboot.RebootMode;
import org.maintd.reboot.RebootPolicy;
import org.maintd.reboot.RebootRules;
import org.maintd.reboot.Reboots;
import org.maintd.safety.Allowance;
import org.maintd.safety.SafetyCaps;
import org.maintd.testing.ClusterBuilder;
import org.maintd.wait.OtherWorkFirst;

class CampaignPlannerTest {
  private static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  private static final RoundPlanner PLANNER =
      new RoundPlanner(new SafetyCaps(new Allowance(2, false), List.of()), false);

  /** The same, rebooting hard a node not back 3 minutes after its soft reboot. */
  private static final RoundPlanner FALL_BACK =
      new RoundPlanner(
          new SafetyCaps(new Allowance(2, false), List.of()), false, Duration.ofMinutes(3));

  /** n1 master; DRBD pairs n2-n3 and n4-n5; a shared-storage instance on n6. */
  private static Cluster cluster() {
    return new ClusterBuilder()
        .node("n1", "g", 8192, 100000, true)
        .node("n2", "g", 8192, 100000, false)
        .node("n3", "g", 8192, 100000, false)
        .node("n4", "g", 8192, 100000, false)
        .node("n5", "g", 8192, 100000, false)
        .node("n6", "g", 8192, 100000, false)
        .instance("a", "n2", "n3", DiskTemplate.DRBD)
        .instance("b", "n4", "n5", DiskTemplate.DRBD)
        .instance("s", "n6", "", DiskTemplate.SHAREDFILE)
        .build()
        .withNode(
            "n2", n -> n.withFlags(new org.maintd.cluster.Node.Flags(false, true, false, false)));
  }

  private static CampaignSpec spec(int maxNodes, List<DailyWindow> windows) {
    return new CampaignSpec(
        NodeSelection.all(),
        CampaignMode.MIGRATE_REBOOT,
        maxNodes,
        Duration.ofSeconds(60),
        Duration.ofMinutes(10),
        windows);
  }

  private static Campaign create(Cluster c, CampaignSpec spec) {
    return new Campaigns().create("c1", spec, c, NOW);
  }

  private static RoundPlan plan(
      Cluster c, Campaign campaign, Map<String, NodeSignal> signals, Instant at) {
    return PLANNER.plan(
        PlanInputs.of(c, List.of(), List.of(), 1, at)
            .withCampaigns(List.of(campaign))
            .withSignals(signals));
  }

  private static Campaign at(
      Campaign c, String node, NodePhase phase, Instant since, String bootId) {
    return c.withNode(c.progress(node).to(phase, since).withBootId(bootId));
  }

  private static Cluster drained(Cluster c, String... nodes) {
    for (String n : nodes) {
      c = c.withNode(n, x -> x.withFlags(x.flags().withDrained(true)));
    }
    return c;
  }

  @Test
  void groupsComeFromTheRebootPlanWithTheMasterAloneAndLast() {
    Campaign c = create(cluster(), spec(0, List.of()));
    assertEquals(List.of("n1"), c.groups().get(c.groups().size() - 1));
    for (List<String> g : c.groups()) {
      assertTrue(
          !(g.contains("n2") && g.contains("n3")) && !(g.contains("n4") && g.contains("n5")),
          "a DRBD pair in " + g);
    }
    assertEquals(6, c.nodes().size());
    Campaign one = create(cluster(), spec(1, List.of()));
    assertTrue(one.groups().stream().allMatch(g -> g.size() == 1), one.groups().toString());
    assertEquals(6, one.groups().size());
  }

  @Test
  void aSelectionThatNamesNothingKnownIsRefused() {
    CampaignException unknown =
        assertThrows(
            CampaignException.class,
            () ->
                create(
                    cluster(),
                    new CampaignSpec(
                        new NodeSelection(List.of("n9"), "", List.of()),
                        CampaignMode.MIGRATE_REBOOT,
                        0,
                        Duration.ZERO,
                        Duration.ofMinutes(1),
                        List.of())));
    assertEquals(CampaignException.Kind.BAD_REQUEST, unknown.reason());
    assertTrue(unknown.getMessage().contains("no node 'n9'"));
    CampaignException group =
        assertThrows(
            CampaignException.class,
            () ->
                create(
                    cluster(),
                    new CampaignSpec(
                        new NodeSelection(List.of(), "nope", List.of()),
                        CampaignMode.MIGRATE_REBOOT,
                        0,
                        Duration.ZERO,
                        Duration.ofMinutes(1),
                        List.of())));
    assertTrue(group.getMessage().contains("no node group 'nope'"));
    assertThrows(CampaignException.class, () -> DailyWindow.parse("22:00"));
    assertThrows(CampaignException.class, () -> spec(-1, List.of()));
  }

  @Test
  void theFirstGroupIsDrainedInOneRoundWithinTheSafetyCap() {
    Cluster c = cluster();
    Campaign campaign = create(c, spec(0, List.of()));
    List<String> first = campaign.groups().get(0);
    RoundPlan p = plan(c, campaign, Map.of(), NOW);
    long drains =
        p.jobs().stream()
            .filter(j -> j.operations().get(0) instanceof Operation.SetNodeFlags)
            .count();
    assertEquals(
        Math.min(2, first.size()), drains, "at most maxUnavailable nodes drained: " + p.jobs());
    if (first.size() > 2) {
      assertTrue(
          p.campaigns().get(0).next().contains("waits for the safety cap"),
          p.campaigns().get(0).next());
    }
    assertTrue(
        p.jobs().stream()
            .allMatch(
                j -> j.owner().equals("campaign:c1") && j.reason().text().contains("campaign c1")));
  }

  @Test
  void anEmptiedNodeIsRebootedAndItsBootIdRemembered() {
    Cluster c = drained(cluster(), "n2");
    Campaign campaign = create(cluster(), spec(1, List.of()));
    campaign = campaign.withCurrent(campaign.groups().indexOf(List.of("n2")));
    campaign = at(campaign, "n2", NodePhase.EVACUATE, NOW, "");
    RoundPlan moving = plan(c, campaign, Map.of(), NOW);
    assertEquals(
        List.of(new Operation.Migrate("a", "n2", "n3")), moving.jobs().get(0).operations());

    Cluster empty = c.withInstance("a", i -> i.placedOn("n3", "n2"));
    RoundPlan reboot =
        plan(empty, campaign, Map.of("n2", new NodeSignal("boot-1", "", Optional.of(NOW))), NOW);
    assertEquals(List.of(new Operation.RebootNode("n2")), reboot.jobs().get(0).operations());
    assertEquals(NodePhase.BOOT, reboot.campaigns().get(0).progress("n2").phase());
    assertEquals("boot-1", reboot.campaigns().get(0).progress("n2").bootId());
  }

  @Test
  void aRebootedNodeSoaksOnceItsBootIdChangedThenIsUndrainedAndItsInstancesComeBack() {
    Cluster c = drained(cluster(), "n2").withInstance("a", i -> i.placedOn("n3", "n2"));
    Campaign campaign = create(cluster(), spec(1, List.of()));
    campaign =
        campaign
            .withCurrent(campaign.groups().indexOf(List.of("n2")))
            .withHomes(List.of(new Home("a", "n2", true)));
    campaign = at(campaign, "n2", NodePhase.BOOT, NOW, "boot-1");

    Instant later = NOW.plusSeconds(30);
    RoundPlan same =
        plan(
            c,
            campaign,
            Map.of("n2", new NodeSignal("boot-1", "", Optional.of(NOW.minusSeconds(100)))),
            later);
    assertEquals(
        NodePhase.BOOT,
        same.campaigns().get(0).progress("n2").phase(),
        "the old boot id proves nothing");
    assertTrue(same.jobs().isEmpty());

    Map<String, NodeSignal> back = Map.of("n2", new NodeSignal("boot-2", "", Optional.of(later)));
    Campaign soaking = plan(c, campaign, back, later).campaigns().get(0);
    assertEquals(NodePhase.SOAK, soaking.progress("n2").phase());
    Campaign stillSoaking = plan(c, soaking, back, later.plusSeconds(59)).campaigns().get(0);
    assertEquals(NodePhase.SOAK, stillSoaking.progress("n2").phase());

    RoundPlan undrain = plan(c, soaking, back, later.plusSeconds(60));
    assertEquals(
        List.of(new Operation.SetNodeFlags("n2", Optional.of(false), Optional.empty())),
        undrain.jobs().get(0).operations());

    Cluster undrained = c.withNode("n2", n -> n.withFlags(n.flags().withDrained(false)));
    RoundPlan back2 = plan(undrained, undrain.campaigns().get(0), back, later.plusSeconds(61));
    assertEquals(List.of(new Operation.Migrate("a", "n3", "n2")), back2.jobs().get(0).operations());

    Cluster home = undrained.withInstance("a", i -> i.placedOn("n2", "n3"));
    Campaign done =
        plan(home, back2.campaigns().get(0), back, later.plusSeconds(62)).campaigns().get(0);
    assertEquals(NodePhase.DONE, done.progress("n2").phase());
  }

  @Test
  void aGapInOkReportsRestartsTheSoakAndAFaultStopsTheCampaign() {
    Cluster c = drained(cluster(), "n2");
    Campaign campaign = create(cluster(), spec(1, List.of()));
    campaign =
        at(
            campaign.withCurrent(campaign.groups().indexOf(List.of("n2"))),
            "n2",
            NodePhase.SOAK,
            NOW,
            "boot-1");
    Instant gap = NOW.plusSeconds(40);
    Campaign restarted =
        plan(
                c,
                campaign,
                Map.of("n2", new NodeSignal("boot-2", "", Optional.of(gap))),
                NOW.plusSeconds(70))
            .campaigns()
            .get(0);
    assertEquals(NodePhase.SOAK, restarted.progress("n2").phase());
    assertEquals(gap, restarted.progress("n2").since(), "the soak counts from the end of the gap");

    Campaign failed =
        plan(
                c,
                campaign,
                Map.of("n2", new NodeSignal("boot-2", "evacuate", Optional.empty())),
                NOW.plusSeconds(5))
            .campaigns()
            .get(0);
    assertEquals(
        CampaignStatus.FAILED,
        failed.status(),
        "n2 was its group's only node: nothing is left to bring back");
    assertTrue(
        failed.stopReason().contains("node n2 reports evacuate after its reboot"),
        failed.stopReason());
    assertEquals(NodePhase.SKIPPED, failed.progress("n2").phase());
    assertEquals(0, failed.count(NodePhase.WAITING), "every later node skipped: " + failed.nodes());
  }

  @Test
  void aNodeThatDoesNotComeBackStopsTheCampaignAndItsGroupMatesAreNotRebooted() {
    Cluster c = drained(cluster(), "n2", "n4");
    Campaign campaign = create(cluster(), spec(0, List.of()));
    List<String> group = List.of("n2", "n4");
    campaign =
        new Campaign(
            campaign.id(),
            campaign.spec(),
            CampaignStatus.RUNNING,
            "",
            List.of(group, List.of("n6")),
            0,
            campaign.nodes().stream()
                .filter(p -> List.of("n2", "n4", "n6").contains(p.node()))
                .toList(),
            List.of(),
            List.of(),
            "",
            NOW,
            NOW);
    campaign = at(campaign, "n2", NodePhase.BOOT, NOW, "boot-1");
    campaign = at(campaign, "n4", NodePhase.REBOOT, NOW, "");
    Instant late = NOW.plus(Duration.ofMinutes(11));

    RoundPlan p = plan(c, campaign, Map.of(), late);
    Campaign failing = p.campaigns().get(0);
    assertEquals(CampaignStatus.FAILING, failing.status());
    assertTrue(
        failing.stopReason().contains("node n2 did not come back within 600s"),
        failing.stopReason());
    assertEquals(NodePhase.SKIPPED, failing.progress("n2").phase());
    assertTrue(
        p.jobs().stream().noneMatch(j -> j.operations().get(0) instanceof Operation.RebootNode),
        "nothing rebooted: " + p.jobs());

    RoundPlan wind = plan(c, failing, Map.of(), late.plusSeconds(1));
    assertEquals(
        List.of(new Operation.SetNodeFlags("n4", Optional.of(false), Optional.empty())),
        wind.jobs().get(0).operations());
    Cluster undrained = c.withNode("n4", n -> n.withFlags(n.flags().withDrained(false)));
    Campaign ended =
        plan(undrained, wind.campaigns().get(0), Map.of(), late.plusSeconds(2)).campaigns().get(0);
    assertEquals(CampaignStatus.FAILED, ended.status());
    assertEquals(NodePhase.SKIPPED, ended.progress("n6").phase());
  }

  /** A campaign whose n2 was softly rebooted at NOW, with boot id boot-1 before. */
  private static Campaign bootingN2() {
    Campaign c = create(cluster(), spec(1, List.of()));
    return at(
        c.withCurrent(c.groups().indexOf(List.of("n2"))), "n2", NodePhase.BOOT, NOW, "boot-1");
  }

  @Test
  void aNodeNotBackAfterItsSoftRebootIsRebootedHardOnceWhenTheFallBackIsConfigured() {
    Cluster c = drained(cluster(), "n2").withInstance("a", i -> i.placedOn("n3", "n2"));
    Campaign campaign = bootingN2();
    Map<String, NodeSignal> old = Map.of("n2", new NodeSignal("boot-1", "", Optional.of(NOW)));

    RoundPlan early =
        FALL_BACK.plan(
            PlanInputs.of(c, List.of(), List.of(), 1, NOW.plusSeconds(179))
                .withCampaigns(List.of(campaign))
                .withSignals(old));
    assertTrue(early.jobs().isEmpty(), "the soft reboot is given its time: " + early.jobs());

    Instant due = NOW.plusSeconds(180);
    RoundPlan hard =
        FALL_BACK.plan(
            PlanInputs.of(c, List.of(), List.of(), 1, due)
                .withCampaigns(List.of(campaign))
                .withSignals(old));
    assertEquals(List.of(new Operation.RebootNode("n2", true)), hard.jobs().get(0).operations());
    Campaign powerCycled = hard.campaigns().get(0);
    assertEquals(RebootKind.HARD, powerCycled.progress("n2").reboot());
    assertEquals(NodePhase.BOOT, powerCycled.progress("n2").phase());
    assertEquals(due, powerCycled.progress("n2").since(), "the boot timeout counts from here");
    assertEquals("boot-1", powerCycled.progress("n2").bootId(), "still the boot id before");
    assertTrue(
        powerCycled.history().stream()
            .anyMatch(e -> e.event().equals("n2:hard-reboot") && e.detail().contains("180s")),
        powerCycled.history().toString());

    RoundPlan again =
        FALL_BACK.plan(
            PlanInputs.of(c, List.of(), List.of(), 1, due.plusSeconds(200))
                .withCampaigns(List.of(powerCycled))
                .withSignals(old));
    assertTrue(again.jobs().isEmpty(), "one hard reboot, never a second: " + again.jobs());
    Campaign back =
        FALL_BACK
            .plan(
                PlanInputs.of(c, List.of(), List.of(), 1, due.plusSeconds(201))
                    .withCampaigns(List.of(powerCycled))
                    .withSignals(
                        Map.of(
                            "n2", new NodeSignal("boot-2", "", Optional.of(due.plusSeconds(201))))))
            .campaigns()
            .get(0);
    assertEquals(NodePhase.SOAK, back.progress("n2").phase());
    Campaign late =
        FALL_BACK
            .plan(
                PlanInputs.of(c, List.of(), List.of(), 1, due.plusSeconds(601))
                    .withCampaigns(List.of(powerCycled))
                    .withSignals(old))
            .campaigns()
            .get(0);
    assertEquals(CampaignStatus.FAILED, late.status(), "not back within the boot timeout");

    RoundPlan without = plan(c, campaign, old, due);
    assertTrue(without.jobs().isEmpty(), "no fall-back configured: " + without.jobs());
  }

  @Test
  void aFailedSoftRebootMakesAHardRebootDueOnlyWithTheFallBack() {
    Campaign campaign = bootingN2();
    Campaign due =
        campaign.softRebootFailed("n2", "reboot request to n2 failed: refused", NOW).orElseThrow();
    assertEquals(RebootKind.HARD_DUE, due.progress("n2").reboot());
    assertEquals(CampaignStatus.RUNNING, due.status());
    assertTrue(due.softRebootFailed("n2", "again", NOW).isEmpty(), "a hard reboot is due already");
    assertTrue(
        campaign.softRebootFailed("n3", "not rebooting", NOW).isEmpty(),
        "only a node waiting for its soft reboot");

    Cluster c = drained(cluster(), "n2").withInstance("a", i -> i.placedOn("n3", "n2"));
    RoundPlan hard =
        FALL_BACK.plan(
            PlanInputs.of(c, List.of(), List.of(), 1, NOW.plusSeconds(5))
                .withCampaigns(List.of(due)));
    assertEquals(
        List.of(new Operation.RebootNode("n2", true)),
        hard.jobs().get(0).operations(),
        "at once, without waiting for the fall-back's time");
  }

  @Test
  void nothingStartsOutsideTheWindowsAndTheMasterRoleMovesFirst() {
    Cluster c = cluster();
    DailyWindow night = DailyWindow.parse("22:00-04:00");
    assertTrue(
        night.contains(Instant.parse("2026-11-22T23:30:00Z"))
            && night.contains(Instant.parse("2026-11-22T03:59:00Z")));
    Campaign campaign = create(c, spec(0, List.of(night)));
    RoundPlan day = plan(c, campaign, Map.of(), NOW);
    assertTrue(day.jobs().isEmpty());
    assertTrue(
        day.campaigns().get(0).next().contains("waits for a window [22:00-04:00]"),
        day.campaigns().get(0).next());

    Campaign lastGroup = campaign.withCurrent(campaign.groups().size() - 1);
    RoundPlan master = plan(c, lastGroup, Map.of(), Instant.parse("2026-11-22T23:00:00Z"));
    List<JobSpec> jobs = master.jobs();
    assertEquals(
        List.of(new Operation.FailoverMaster("n1", "n2")),
        jobs.get(0).operations(),
        "n2 is the only master candidate");
    assertEquals(NodePhase.MASTER_FAILOVER, master.campaigns().get(0).progress("n1").phase());
  }

  @Test
  void fullEvacuationMovesDrbdSecondariesOffAndBackHome() {
    CampaignSpec full =
        new CampaignSpec(
            NodeSelection.all(),
            CampaignMode.FULL_EVACUATION,
            1,
            Duration.ZERO,
            Duration.ofMinutes(10),
            List.of());
    Campaign campaign = create(cluster(), full);
    campaign = campaign.withCurrent(campaign.groups().indexOf(List.of("n3")));
    RoundPlan begin = plan(cluster(), campaign, Map.of(), NOW);
    Campaign started = begin.campaigns().get(0);
    assertTrue(
        started.homes().contains(new Home("a", "n3", false)),
        "the secondary's home is kept: " + started.homes());

    Cluster c = drained(cluster(), "n3");
    RoundPlan evacuate = plan(c, started, Map.of(), NOW);
    Operation op = evacuate.jobs().get(0).operations().get(0);
    assertTrue(
        op instanceof Operation.ReplaceSecondary r
            && r.oldSecondary().equals("n3")
            && !r.newSecondary().equals("n3"),
        op.toString());
    String elsewhere = ((Operation.ReplaceSecondary) op).newSecondary();

    Cluster moved = cluster().withInstance("a", i -> i.placedOn("n2", elsewhere));
    Campaign returning = at(started, "n3", NodePhase.RETURN, NOW, "");
    RoundPlan back = plan(moved, returning, Map.of(), NOW);
    assertEquals(
        List.of(new Operation.ReplaceSecondary("a", "n2", elsewhere, "n3")),
        back.jobs().get(0).operations());
  }

  @Test
  void anInstanceWhoseHomeWentOfflineAgainStaysWhereItIsAndTheNodeIsDone() {
    Campaign campaign = create(cluster(), spec(1, List.of()));
    campaign =
        campaign
            .withCurrent(campaign.groups().indexOf(List.of("n6")))
            .withHomes(List.of(new Home("s", "n6", true)));
    campaign = at(campaign, "n6", NodePhase.RETURN, NOW, "");
    Cluster c =
        cluster()
            .withInstance("s", i -> i.placedOn("n5", ""))
            .withNode("n6", n -> n.withFlags(n.flags().withOffline(true)));
    RoundPlan back = plan(c, campaign, Map.of(), NOW);
    assertTrue(
        back.jobs().stream()
            .flatMap(j -> j.operations().stream())
            .noneMatch(op -> op.nodes().contains("n6")),
        "no move to an offline node: " + back.jobs());
    Campaign after = back.campaigns().get(0);
    assertEquals(NodePhase.DONE, after.progress("n6").phase());
    assertTrue(
        after.history().stream()
            .anyMatch(e -> e.event().equals("stays") && e.detail().contains("n6 is offline again")),
        after.history().toString());
  }

  @Test
  void aMoveBackThatFailedIsNotTriedAgain() {
    Campaign campaign = create(cluster(), spec(1, List.of()));
    campaign =
        campaign
            .withCurrent(campaign.groups().indexOf(List.of("n6")))
            .withHomes(List.of(new Home("s", "n6", true)));
    campaign = at(campaign, "n6", NodePhase.RETURN, NOW, "");
    Campaign failed = campaign.jobFailed("job 7 error: move failed", List.of("s"), NOW);
    assertEquals(List.of(), failed.homes());
    RoundPlan next =
        plan(cluster().withInstance("s", i -> i.placedOn("n5", "")), failed, Map.of(), NOW);
    assertTrue(
        next.jobs().stream()
            .flatMap(j -> j.operations().stream())
            .noneMatch(op -> op.nodes().contains("n6")),
        "not moved back again: " + next.jobs());
  }

  @Test
  void aNodeWithAnActiveIncidentWaitsForItsRepairAndTheRepairComesFirst() {
    Cluster c = cluster();
    Campaign campaign = create(c, spec(1, List.of()));
    campaign = campaign.withCurrent(campaign.groups().indexOf(List.of("n6")));
    org.maintd.incident.Lifecycle lifecycle =
        new org.maintd.incident.Lifecycle(() -> new java.util.UUID(0, 1));
    List<org.maintd.incident.Incident> incidents =
        lifecycle
            .observe(
                List.of(),
                Map.of(
                    "n6",
                    new org.maintd.incident.Observation.Fault(
                        new org.maintd.diagnose.DiagnoseParser()
                            .parseCommandOutput(Map.of("status", "evacuate")))),
                NOW)
            .incidents();
    RoundPlan p =
        PLANNER.plan(
            PlanInputs.of(c, incidents, List.of(), 1, NOW).withCampaigns(List.of(campaign)));
    assertEquals(1, p.jobs().size(), p.jobs().toString());
    assertEquals(
        incidents.get(0).uuid().toString(),
        p.jobs().get(0).owner(),
        "the repair's drain, not the campaign's");
    assertTrue(
        p.campaigns().get(0).next().contains("n6: has an active incident; repairs come first"),
        p.campaigns().get(0).next());
  }

  @Test
  void aNodeDrainedBeforeTheCampaignStaysDrainedAndTakesNothingBack() {
    Cluster c = drained(cluster(), "n2").withInstance("a", i -> i.placedOn("n3", "n2"));
    Campaign campaign = create(cluster(), spec(1, List.of()));
    campaign =
        campaign
            .withCurrent(campaign.groups().indexOf(List.of("n2")))
            .withHomes(List.of(new Home("a", "n2", true)));
    campaign =
        campaign.withNode(campaign.progress("n2").to(NodePhase.UNDRAIN, NOW).withWasDrained(true));
    RoundPlan p = plan(c, campaign, Map.of(), NOW);
    assertTrue(
        p.jobs().stream().noneMatch(j -> j.nodes().contains("n2")),
        "neither undrained nor refilled: " + p.jobs());
    Campaign done = p.campaigns().get(0);
    assertEquals(NodePhase.DONE, done.progress("n2").phase());
    assertTrue(
        done.homes().stream().noneMatch(h -> h.node().equals("n2")), done.homes().toString());
    assertTrue(
        done.history().stream()
            .anyMatch(
                e ->
                    e.event().equals("n2:done")
                        && e.detail()
                            .equals(
                                "1 instance(s) stay away: the node was drained before the campaign")),
        done.history().toString());
  }

  @Test
  void aRebootRequestOnANodeTheCampaignHasStartedOnWaitsForTheCampaign() {
    Cluster c = cluster();
    Campaign campaign = at(create(c, spec(1, List.of())), "n3", NodePhase.DRAIN, NOW, "");
    RebootAsk ask =
        new RebootAsk("n3", RebootMode.SOFT, Optional.empty(), "disk swap", true, true, "ops");
    Admission.Accepted asked =
        (Admission.Accepted)
            new RebootRules(RebootPolicy.defaults())
                .admit(Reboots.empty(), ask, NodeStanding.free(), "r1", NOW);
    RoundPlan p =
        PLANNER.plan(
            PlanInputs.of(c, List.of(), List.of(), 1, NOW)
                .withCampaigns(List.of(campaign))
                .withReboots(new RebootInput(asked.reboots(), RebootPolicy.defaults())));
    PlanItem reboot =
        p.items().stream().filter(i -> i.kind().equals("reboot")).findFirst().orElseThrow();
    assertEquals("n3", reboot.id());
    assertEquals("waits: campaign c1 is rebooting it; it goes first", reboot.next().text());
    assertEquals(Optional.of(new OtherWorkFirst.CampaignFirst("c1")), reboot.next().waits());
  }
}
