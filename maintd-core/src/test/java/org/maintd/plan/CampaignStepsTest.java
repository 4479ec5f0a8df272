package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignEvent;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.DailyWindow;
import org.maintd.campaign.Home;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeProgress;
import org.maintd.campaign.NodeSelection;
import org.maintd.campaign.NodeSignal;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.Node;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.safety.Allowance;
import org.maintd.safety.SafetyCaps;
import org.maintd.testing.ClusterBuilder;

/**
 * A campaign's steps one node and one group at a time: a fault after the reboot, the groups one
 * after the other, the master role, the drain, the undrain and the way home.
 */
class CampaignStepsTest {
  private static final Instant NOW = Instant.parse("2026-11-22T12:00:00Z");
  private static final SafetyCaps TWO = new SafetyCaps(new Allowance(2, false), List.of());
  private static final CampaignSpec SPEC =
      new CampaignSpec(
          NodeSelection.all(),
          CampaignMode.MIGRATE_REBOOT,
          0,
          Duration.ofSeconds(60),
          Duration.ofMinutes(10),
          List.of());

  /** n1 master; n2 and n3 master candidates; DRBD a on n2/n3, b on n4/n5; shared s on n6. */
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
        .withNode("n2", CampaignStepsTest::candidate)
        .withNode("n3", CampaignStepsTest::candidate);
  }

  private static Node candidate(Node n) {
    return n.withFlags(new Node.Flags(false, true, false, false));
  }

  private static Cluster drained(Cluster c, String... nodes) {
    for (String n : nodes) {
      c = c.withNode(n, x -> x.withFlags(x.flags().withDrained(true)));
    }
    return c;
  }

  /** A campaign of these groups, every node waiting. */
  private static Campaign campaign(CampaignStatus status, int current, List<List<String>> groups) {
    return new Campaign(
        "c1",
        SPEC,
        status,
        status.isStopping() ? "aborted by op" : "",
        groups,
        current,
        groups.stream().flatMap(List::stream).map(n -> NodeProgress.waiting(n, NOW)).toList(),
        List.of(),
        List.of(),
        "",
        NOW,
        NOW);
  }

  private static Campaign at(Campaign c, String node, NodePhase phase) {
    return c.withNode(c.progress(node).to(phase, NOW));
  }

  /** One round of one campaign, with what other jobs of the round already hold. */
  private static final class Round {
    Cluster cluster = cluster();
    SafetyCaps caps = TWO;
    Set<String> excluded = Set.of();
    List<String> busyNodes = List.of();
    List<String> busyInstances = List.of();
    Map<String, NodeSignal> signals = Map.of();
    Instant at = NOW;
    final List<JobSpec> jobs = new ArrayList<>();

    Campaign plan(Campaign c) {
      RoundContext ctx = new RoundContext(cluster, 1, 0, excluded, caps);
      ctx.claims.claim("someone-else", busyNodes, busyInstances);
      return new CampaignPlanner(ctx, new EvacuationPlanner(ctx), signals, Duration.ZERO, at)
          .plan(c, jobs);
    }

    List<Operation> ops() {
      return jobs.stream().flatMap(j -> j.operations().stream()).toList();
    }
  }

  private static boolean said(Campaign c, String event, String detail) {
    return c.history().stream().anyMatch(e -> e.event().equals(event) && e.detail().equals(detail));
  }

  private static List<String> events(Campaign c) {
    return c.history().stream().map(CampaignEvent::event).toList();
  }

  // 2. A fault after the reboot.

  @ParameterizedTest(name = "{0} since, boot id {1} -> {2} (fault {3}, Ok since +{4}s) -> {5}")
  @CsvSource(
      delimiter = '|',
      value = {
        // phase | boot id before | boot id now | fault | Ok since (s after NOW, - none) | outcome
        "BOOT | boot-1 | boot-2 | evacuate    | -   | failed",
        "BOOT | boot-1 | boot-2 | live-repair | 10  | failed",
        "BOOT | ''     | boot-2 | evacuate    | 10  | failed",
        "BOOT | boot-1 | boot-1 | evacuate    | -   | BOOT",
        "BOOT | boot-1 | ''     | evacuate    | -   | BOOT",
        "BOOT | ''     | boot-2 | evacuate    | -   | BOOT",
        "BOOT | ''     | boot-2 | evacuate    | -10 | BOOT",
        "BOOT | boot-1 | boot-2 | ''          | 10  | SOAK",
        "BOOT | ''     | boot-2 | ''          | 10  | SOAK",
        "BOOT | ''     | boot-2 | ''          | 0   | BOOT",
        "BOOT | boot-1 | boot-2 | ''          | -   | BOOT",
        "SOAK | boot-1 | boot-2 | evacuate    | -   | failed",
        "SOAK | boot-1 | boot-2 | live-repair | -10 | failed",
        "SOAK | boot-1 | boot-2 | ''          | -10 | SOAK"
      })
  void aNodeThatComesBackFromItsRebootReportingAFaultFailsTheCampaign(
      NodePhase phase, String before, String now, String fault, String okSince, String outcome) {
    Campaign c = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n2"), List.of("n4")));
    c = c.withNode(c.progress("n2").to(phase, NOW).withBootId(before));
    Round r = new Round();
    r.cluster = drained(cluster(), "n2");
    r.signals =
        Map.of(
            "n2",
            new NodeSignal(
                now,
                fault,
                okSince.equals("-")
                    ? Optional.empty()
                    : Optional.of(NOW.plusSeconds(Long.parseLong(okSince)))));
    r.at = NOW.plusSeconds(30);
    Campaign out = r.plan(c);
    assertEquals(List.of(), r.jobs, "nothing is submitted on the way back");
    if (outcome.equals("failed")) {
      String reason = "node n2 reports " + fault + " after its reboot";
      assertEquals(CampaignStatus.FAILED, out.status());
      assertEquals(reason, out.stopReason());
      assertTrue(said(out, "failing", reason), out.history().toString());
      assertEquals(NodePhase.SKIPPED, out.progress("n2").phase());
      assertEquals(NodePhase.SKIPPED, out.progress("n4").phase(), "nothing further is rebooted");
      assertEquals("nothing: failed: " + reason, out.next());
    } else {
      assertEquals(CampaignStatus.RUNNING, out.status(), out.stopReason());
      assertEquals(NodePhase.valueOf(outcome), out.progress("n2").phase());
      assertEquals(NodePhase.WAITING, out.progress("n4").phase());
    }
  }

  @Test
  void aNodeBackWithANewBootIdButStillOfflineIsNotSoaking() {
    Campaign c = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n2")));
    c = c.withNode(c.progress("n2").to(NodePhase.BOOT, NOW).withBootId("boot-1"));
    Round r = new Round();
    r.cluster =
        drained(cluster(), "n2").withNode("n2", n -> n.withFlags(n.flags().withOffline(true)));
    r.signals = Map.of("n2", new NodeSignal("boot-2", "", Optional.of(NOW.plusSeconds(5))));
    r.at = NOW.plusSeconds(30);
    Campaign out = r.plan(c);
    assertEquals(NodePhase.BOOT, out.progress("n2").phase());
    assertEquals("group 1 of 1: n2: waiting for it to come back (30s of 600s)", out.next());
  }

  @Test
  void aSoakStartsWhenTheNodeIsOkNotBeforeAndIsCountedInSeconds() {
    Campaign c = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n2")));
    c = c.withNode(c.progress("n2").to(NodePhase.BOOT, NOW).withBootId("boot-1"));
    Round r = new Round();
    r.cluster = drained(cluster(), "n2");
    Instant ok = NOW.plusSeconds(40);
    r.signals = Map.of("n2", new NodeSignal("boot-2", "", Optional.of(ok)));
    r.at = NOW.plusSeconds(30);
    Campaign soaking = r.plan(c);
    assertEquals(NodePhase.SOAK, soaking.progress("n2").phase());
    assertEquals(ok, soaking.progress("n2").since(), "a soak counts from the first Ok");
    assertEquals("group 1 of 1: n2: soaking: 0s of 60s", soaking.next());
    assertTrue(said(soaking, "n2:soak", "back with boot id boot-2"), soaking.history().toString());

    Round later = new Round();
    later.cluster = r.cluster;
    later.signals = r.signals;
    later.at = ok.plusSeconds(15);
    assertEquals("group 1 of 1: n2: soaking: 15s of 60s", later.plan(soaking).next());
    later.at = ok.plusMillis(9_500);
    assertEquals("group 1 of 1: n2: soaking: 9500ms of 60s", later.plan(soaking).next());
    later.at = ok.plusSeconds(10);
    assertEquals("group 1 of 1: n2: soaking: 10s of 60s", later.plan(soaking).next());
  }

  // 3. The groups one after the other.

  @ParameterizedTest(name = "{0}, n4 {1}, window open {2} -> {3}, group {4}, n4 {5}")
  @CsvSource({
    // status, n4's phase, window open, status after, current after, n4 after, jobs, next
    "RUNNING,  WAITING, true,  RUNNING,   1, DRAIN,   drain n4, group 2 of 2: n4: draining",
    "RUNNING,  WAITING, false, RUNNING,   1, WAITING, '',       group 2 of 2 waits for a window",
    "RUNNING,  RETURN,  true,  COMPLETED, 2, DONE,    '',       nothing: completed",
    "ABORTING, WAITING, true,  ABORTED,   2, SKIPPED, '',       nothing: aborted: aborted by op",
    "ABORTING, WAITING, false, ABORTED,   2, SKIPPED, '',       nothing: aborted: aborted by op",
    "FAILING,  WAITING, true,  FAILED,    2, SKIPPED, '',       nothing: failed: aborted by op"
  })
  void aGroupThatIsDoneLetsTheNextGroupStartOrEndsTheCampaign(
      CampaignStatus status,
      NodePhase n4,
      boolean windowOpen,
      CampaignStatus statusAfter,
      int currentAfter,
      NodePhase n4After,
      String jobs,
      String next) {
    Campaign c = campaign(status, 0, List.of(List.of("n2"), List.of("n4")));
    if (!windowOpen) {
      c =
          new Campaign(
              c.id(),
              new CampaignSpec(
                  SPEC.selection(),
                  SPEC.mode(),
                  0,
                  SPEC.soak(),
                  SPEC.bootTimeout(),
                  List.of(DailyWindow.parse("22:00-04:00"))),
              c.status(),
              c.stopReason(),
              c.groups(),
              c.current(),
              c.nodes(),
              c.homes(),
              c.history(),
              c.next(),
              c.ctime(),
              c.mtime());
    }
    c = at(at(c, "n2", NodePhase.RETURN), "n4", n4);
    Round r = new Round();
    Campaign out = r.plan(c);
    assertEquals(statusAfter, out.status());
    assertEquals(currentAfter, out.current());
    assertEquals(NodePhase.DONE, out.progress("n2").phase());
    assertEquals(n4After, out.progress("n4").phase());
    assertEquals(jobs.isEmpty() ? List.of() : List.of(Operation.SetNodeFlags.drain("n4")), r.ops());
    assertTrue(out.next().startsWith(next), out.next());
    assertTrue(said(out, "group-done", "group 1 (n2)"), out.history().toString());
  }

  @Test
  void aCampaignWhoseGroupsAreAllDoneCompletesCountingItsRebootedNodes() {
    Campaign c = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n2", "n3"), List.of("n4")));
    c = at(at(at(c, "n2", NodePhase.RETURN), "n3", NodePhase.RETURN), "n4", NodePhase.RETURN);
    Campaign out = new Round().plan(c);
    assertEquals(CampaignStatus.COMPLETED, out.status());
    assertEquals(2, out.current());
    assertTrue(said(out, "group-done", "group 1 (n2,n3)"), out.history().toString());
    assertTrue(said(out, "group-done", "group 2 (n4)"), out.history().toString());
    assertTrue(said(out, "completed", "3 node(s) rebooted"), out.history().toString());
    assertEquals("nothing: completed", out.next());
  }

  @Test
  void aGroupWithANodeStillOnItsWayIsNotDone() {
    Campaign c = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n2", "n4"), List.of("n6")));
    c = at(at(c, "n2", NodePhase.RETURN), "n4", NodePhase.SOAK);
    c = c.withNode(c.progress("n4").withBootId("boot-1"));
    Round r = new Round();
    r.cluster = drained(cluster(), "n4");
    r.signals = Map.of("n4", new NodeSignal("boot-2", "", Optional.of(NOW)));
    r.at = NOW.plusSeconds(20);
    Campaign out = r.plan(c);
    assertEquals(0, out.current());
    assertEquals(CampaignStatus.RUNNING, out.status());
    assertEquals(NodePhase.WAITING, out.progress("n6").phase());
    assertEquals("group 1 of 2: n4: soaking: 20s of 60s", out.next());
  }

  @Test
  void aStoppingCampaignSaysSoWhileItsGroupComesBack() {
    Campaign c = campaign(CampaignStatus.ABORTING, 0, List.of(List.of("n2"), List.of("n6")));
    c = at(c, "n2", NodePhase.UNDRAIN);
    Round r = new Round();
    r.cluster = drained(cluster(), "n2");
    Campaign out = r.plan(c);
    assertEquals(
        List.of(new Operation.SetNodeFlags("n2", Optional.of(false), Optional.empty())), r.ops());
    assertEquals("stopping (aborted by op); group 1 of 2: n2: undraining", out.next());
    assertEquals(CampaignStatus.ABORTING, out.status());
  }

  @Test
  void aPausedOrEndedCampaignTakesNoStep() {
    Campaign paused = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n2"))).pause("op", NOW);
    Round r = new Round();
    Campaign out = r.plan(paused);
    assertEquals(List.of(), r.jobs);
    assertEquals("paused: paused by op", out.next());
    assertEquals(NodePhase.WAITING, out.progress("n2").phase());
    Campaign ended =
        campaign(CampaignStatus.COMPLETED, 0, List.of(List.of("n2"))).withNext("nothing: x");
    assertEquals(ended, r.plan(ended));
    assertEquals(List.of(), r.jobs);
  }

  // 4. The master role, the drain, the undrain and the way home.

  static Stream<Arguments> masterCandidates() {
    return Stream.of(
        Arguments.of("any candidate", "", "n2"),
        Arguments.of("n2 is no candidate", "not-candidate", "n3"),
        Arguments.of("n2 is offline", "offline", "n3"),
        Arguments.of("n2 is drained", "drained", "n3"),
        Arguments.of("n2 is in the master's group", "in-group", "n3"),
        Arguments.of("n2 has an incident", "excluded", "n3"),
        Arguments.of("n2 is busy with another job", "busy", "n3"),
        Arguments.of("n2 and n3 are both busy", "busy,busy-n3", ""),
        Arguments.of("n1 itself is busy", "master-busy", ""));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("masterCandidates")
  void theMasterRoleGoesToTheFirstFreeOnlineMasterCandidateOutsideTheGroup(
      String what, String conditions, String to) {
    List<String> cs = Arrays.asList(conditions.split(","));
    Round r = new Round();
    Cluster c = cluster();
    if (cs.contains("not-candidate")) {
      c = c.withNode("n2", n -> n.withFlags(new Node.Flags(false, false, false, false)));
    }
    if (cs.contains("offline")) {
      c = c.withNode("n2", n -> n.withFlags(new Node.Flags(false, true, true, false)));
    }
    if (cs.contains("drained")) {
      c = drained(c, "n2");
    }
    r.cluster = c;
    List<String> group = cs.contains("in-group") ? List.of("n1", "n2") : List.of("n1");
    if (cs.contains("excluded")) {
      r.excluded = Set.of("n2");
    }
    List<String> busy = new ArrayList<>();
    if (cs.contains("busy")) {
      busy.add("n2");
    }
    if (cs.contains("busy-n3")) {
      busy.add("n3");
    }
    if (cs.contains("master-busy")) {
      busy.add("n1");
    }
    r.busyNodes = busy;
    Campaign out = r.plan(campaign(CampaignStatus.RUNNING, 1, List.of(List.of("n6"), group)));
    assertEquals(NodePhase.MASTER_FAILOVER, out.progress("n1").phase());
    assertTrue(
        said(
            out, "n1:master-failover", "is the master: the role moves to a master candidate first"),
        out.history().toString());
    List<Operation> failovers =
        r.ops().stream().filter(o -> o instanceof Operation.FailoverMaster).toList();
    if (to.isEmpty()) {
      assertEquals(List.of(), failovers);
      assertTrue(
          out.next()
              .contains(
                  cs.contains("master-busy")
                      ? "n1: busy with another job this round"
                      : "n1: no online master candidate can take the master role"),
          out.next());
    } else {
      assertEquals(List.of(new Operation.FailoverMaster("n1", to)), failovers);
      assertTrue(
          out.next().contains("n1: the master role moves to " + to + "; the daemon there goes on"),
          out.next());
      assertEquals(
          "campaign:c1",
          r.jobs.stream()
              .filter(j -> j.operations().get(0) instanceof Operation.FailoverMaster)
              .findFirst()
              .orElseThrow()
              .owner());
    }
  }

  @ParameterizedTest(name = "status {0}, still master {1} -> {2}")
  @CsvSource({
    "RUNNING,  true,  MASTER_FAILOVER",
    "RUNNING,  false, DRAIN",
    "ABORTING, true,  SKIPPED",
    "ABORTING, false, SKIPPED"
  })
  void aMasterWhoseRoleMovedAwayIsDrainedAndAStopSkipsIt(
      CampaignStatus status, boolean stillMaster, NodePhase after) {
    Campaign c = campaign(status, 1, List.of(List.of("n6"), List.of("n1")));
    c = at(c.withNode(c.progress("n6").to(NodePhase.DONE, NOW)), "n1", NodePhase.MASTER_FAILOVER);
    Round r = new Round();
    if (!stillMaster) {
      r.cluster =
          cluster()
              .withNode("n1", n -> n.withFlags(new Node.Flags(false, true, false, false)))
              .withNode("n2", n -> n.withFlags(new Node.Flags(true, true, false, false)));
    }
    Campaign out = r.plan(c);
    assertEquals(after, out.progress("n1").phase());
    List<Operation> expected =
        switch (after) {
          case MASTER_FAILOVER -> List.of(new Operation.FailoverMaster("n1", "n2"));
          case DRAIN -> List.of(Operation.SetNodeFlags.drain("n1"));
          default -> List.of();
        };
    assertEquals(expected, r.ops());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "free                 | drain | draining",
        "cap full             | none  | waits for the safety cap: cap: group g already has 1 node(s)"
            + " out of service (n3), maxUnavailable allows 1 (1)",
        "busy                 | none  | busy with another job this round",
        "incident             | none  | has an active incident; repairs come first"
      })
  void aDrainWaitsForTheSafetyCapItsIncidentAndOtherJobs(String what, String job, String wait) {
    Campaign c =
        at(campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n4"))), "n4", NodePhase.DRAIN);
    Round r = new Round();
    r.caps = SafetyCaps.defaults();
    if (what.equals("cap full")) {
      r.cluster = drained(cluster(), "n3");
    }
    if (what.equals("busy")) {
      r.busyNodes = List.of("n4");
    }
    if (what.equals("incident")) {
      r.excluded = Set.of("n4");
    }
    Campaign out = r.plan(c);
    assertEquals(NodePhase.DRAIN, out.progress("n4").phase());
    assertEquals(
        job.equals("drain") ? List.of(Operation.SetNodeFlags.drain("n4")) : List.of(), r.ops());
    assertEquals("group 1 of 1: n4: " + wait, out.next());
  }

  @Test
  void theDrainOfOneNodeCountsAgainstTheCapOfTheNextInTheSameRound() {
    Campaign c = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n4", "n6")));
    Round r = new Round();
    r.caps = SafetyCaps.defaults();
    Campaign out = r.plan(c);
    assertEquals(List.of(Operation.SetNodeFlags.drain("n4")), r.ops());
    assertEquals(NodePhase.DRAIN, out.progress("n6").phase());
    assertTrue(
        out.next()
            .endsWith(
                "n6: waits for the safety cap: cap: group g already has 1 node(s)"
                    + " out of service (n4), maxUnavailable allows 1 (1)"),
        out.next());
  }

  @ParameterizedTest(name = "drained {0}, drained before {1}, busy {2} -> {3}")
  @CsvSource(
      delimiter = '|',
      value = {
        "true  | false | false | UNDRAIN | undrain | ",
        "true  | false | true  | UNDRAIN | none    | ",
        "false | false | false | DONE    | none    | undrained",
        "false | false | true  | DONE    | none    | undrained",
        "true  | true  | false | DONE    | none    | left drained: it was drained before the campaign",
        "false | true  | false | DONE    | none    | left drained: it was drained before the campaign"
      })
  void aNodeIsUndrainedOnlyWhenTheCampaignDrainedIt(
      boolean drained, boolean wasDrained, boolean busy, NodePhase after, String job, String why) {
    Campaign c = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n4"), List.of("n6")));
    c = c.withNode(c.progress("n4").to(NodePhase.UNDRAIN, NOW).withWasDrained(wasDrained));
    Round r = new Round();
    r.cluster = drained ? drained(cluster(), "n4") : cluster();
    r.busyNodes = busy ? List.of("n4") : List.of();
    Campaign out = r.plan(c);
    assertEquals(after, out.progress("n4").phase());
    if (job.equals("undrain")) {
      assertEquals(
          List.of(new Operation.SetNodeFlags("n4", Optional.of(false), Optional.empty())), r.ops());
      assertEquals("group 1 of 2: n4: undraining", out.next());
    } else if (after == NodePhase.UNDRAIN) {
      assertEquals(List.of(), r.ops());
      assertEquals("group 1 of 2: n4: busy with another job this round", out.next());
    } else {
      assertTrue(said(out, "n4:return", why), out.history().toString());
      assertEquals(1, out.current(), "the next group goes on");
    }
  }

  @Test
  void aNodeThatStartsRemembersWhetherItWasDrainedAndWhereItsInstancesLive() {
    Campaign c = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n4"), List.of("n6")));
    c = c.withHomes(List.of(new Home("x", "n4", true), new Home("s", "n6", true)));
    for (boolean drained : List.of(true, false)) {
      Round r = new Round();
      r.cluster = drained ? drained(cluster(), "n4") : cluster();
      Campaign out = r.plan(c);
      assertEquals(drained, out.progress("n4").wasDrained());
      assertEquals(
          List.of(new Home("s", "n6", true), new Home("b", "n4", true)),
          out.homes(),
          "a stale home of n4 is replaced; other nodes' homes stay");
      assertEquals(
          drained ? NodePhase.EVACUATE : NodePhase.DRAIN, out.progress("n4").phase(), what(out));
    }
  }

  private static String what(Campaign c) {
    return events(c) + " " + c.next();
  }

  /** n6 at RETURN with the homes given; the cluster as changed. */
  private static Campaign returning(Home... homes) {
    Campaign c = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n6")));
    return at(c.withHomes(List.of(homes)), "n6", NodePhase.RETURN);
  }

  static Stream<Arguments> movesBack() {
    Home s = new Home("s", "n6", true);
    return Stream.of(
        // a running shared-storage instance migrates
        Arguments.of(
            "running shared migrates",
            cluster().withInstance("s", i -> i.placedOn("n5", "")),
            List.of(s),
            List.of(new Operation.Migrate("s", "n5", "n6"))),
        Arguments.of(
            "stopped shared fails over",
            PlacementTest.withInstances(
                cluster().withInstance("s", i -> i.placedOn("n5", "")),
                PlacementTest.instance(
                    "d",
                    "n5",
                    "",
                    DiskTemplate.SHAREDFILE,
                    1024,
                    10,
                    1,
                    InstanceStatus.ADMIN_down)),
            List.of(new Home("d", "n6", true)),
            List.of(new Operation.Failover("d", "n5", "n6"))),
        Arguments.of(
            "plain moves",
            PlacementTest.withInstances(
                cluster(),
                PlacementTest.instance(
                    "p", "n5", "", DiskTemplate.PLAIN, 1024, 10, 1, InstanceStatus.running)),
            List.of(new Home("p", "n6", true)),
            List.of(new Operation.Move("p", "n5", "n6"))),
        Arguments.of(
            "drbd with its home as secondary migrates",
            cluster().withInstance("b", i -> i.placedOn("n4", "n6")),
            List.of(new Home("b", "n6", true)),
            List.of(new Operation.Migrate("b", "n4", "n6"))),
        Arguments.of(
            "drbd elsewhere first gets its home as secondary",
            cluster(),
            List.of(new Home("b", "n6", true)),
            List.of(new Operation.ReplaceSecondary("b", "n4", "n5", "n6"))),
        Arguments.of(
            "drbd secondary comes back",
            cluster(),
            List.of(new Home("b", "n6", false)),
            List.of(new Operation.ReplaceSecondary("b", "n4", "n5", "n6"))),
        Arguments.of(
            "two instances, one job each",
            cluster().withInstance("s", i -> i.placedOn("n5", "")),
            List.of(s, new Home("b", "n6", false)),
            List.of(
                new Operation.Migrate("s", "n5", "n6"),
                new Operation.ReplaceSecondary("b", "n4", "n5", "n6"))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("movesBack")
  void instancesGoBackHomeWithTheOperationTheirTemplateAndStateNeed(
      String what, Cluster c, List<Home> homes, List<Operation> ops) {
    Round r = new Round();
    r.cluster = c;
    Campaign out = r.plan(returning(homes.toArray(Home[]::new)));
    assertEquals(ops, r.ops());
    assertEquals(ops.size(), r.jobs.size(), "one job per move");
    assertEquals(NodePhase.RETURN, out.progress("n6").phase());
    assertEquals(homes, out.homes(), "kept until they are home");
    assertEquals("group 1 of 1: n6: moving " + ops.size() + " instance(s) back", out.next());
    assertTrue(
        r.jobs.stream()
            .allMatch(
                j ->
                    j.owner().equals("campaign:c1")
                        && j.reason()
                            .text()
                            .startsWith("campaign c1 (migrate-reboot, group 1 of 1): ")
                        && j.reason().text().contains(" back to n6")),
        r.jobs.toString());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "instance busy | waits | instances wait for nodes busy this round",
        "node busy     | waits | instances wait for nodes busy this round",
        "drained again | stays | s stays on n5: n6 is drained again",
        "offline again | stays | s stays on n5: n6 is offline again",
        "no memory     | stays | s stays on n5: n6 has 512 MiB free memory, 1024 needed",
        "gone          | done  | ",
        "at home       | done  | "
      })
  void anInstanceThatCannotGoBackWaitsOrStays(String what, String outcome, String detail) {
    Round r = new Round();
    Cluster c = cluster().withInstance("s", i -> i.placedOn("n5", ""));
    switch (what) {
      case "instance busy" -> r.busyInstances = List.of("s");
      case "node busy" -> r.busyNodes = List.of("n5");
      case "drained again" -> c = drained(c, "n6");
      case "offline again" -> c = c.withNode("n6", n -> n.withFlags(n.flags().withOffline(true)));
      case "no memory" ->
          c = c.withNode("n6", n -> n.withResources(n.resources().withFree(512, 100000)));
      case "gone" ->
          c = new Cluster(c.name(), c.groups(), c.nodes(), List.of(), c.tags(), c.policies());
      default -> c = cluster();
    }
    r.cluster = c;
    Campaign out = r.plan(returning(new Home("s", "n6", true)));
    assertEquals(List.of(), r.jobs);
    if (outcome.equals("waits")) {
      assertEquals(NodePhase.RETURN, out.progress("n6").phase());
      assertEquals(List.of(new Home("s", "n6", true)), out.homes());
      assertEquals("group 1 of 1: n6: " + detail, out.next());
    } else {
      assertEquals(NodePhase.DONE, out.progress("n6").phase());
      assertEquals(List.of(), out.homes());
      assertEquals(
          outcome.equals("stays"),
          said(out, "stays", detail == null ? "" : detail),
          out.history().toString());
      assertTrue(said(out, "n6:done", "done"), out.history().toString());
    }
  }

  @ParameterizedTest(name = "{0} MiB free on n6 for two instances of 1024 MiB -> {1} back")
  @CsvSource({"2048, 2", "1500, 1", "1024, 1", "1023, 0"})
  void movesBackTakeTheHomesMemorySoThatItIsNotOverfilled(long free, int back) {
    Round r = new Round();
    r.cluster =
        PlacementTest.withInstances(
                cluster().withInstance("s", i -> i.placedOn("n5", "")),
                PlacementTest.instance(
                    "t", "n5", "", DiskTemplate.SHAREDFILE, 1024, 10, 1, InstanceStatus.running))
            .withNode("n6", n -> n.withResources(n.resources().withFree(free, 100000)));
    Campaign out = r.plan(returning(new Home("s", "n6", true), new Home("t", "n6", true)));
    List<Operation> both =
        List.of(new Operation.Migrate("s", "n5", "n6"), new Operation.Migrate("t", "n5", "n6"));
    assertEquals(both.subList(0, back), r.ops());
    assertEquals(back, out.homes().size(), "homes kept while their instance moves");
    long stays = out.history().stream().filter(e -> e.event().equals("stays")).count();
    assertEquals(2 - back, stays, out.history().toString());
  }

  @Test
  void busyNodesAreTheCurrentGroupsNodesOnTheirWayOfActiveCampaigns() {
    Campaign running =
        campaign(
            CampaignStatus.RUNNING, 0, List.of(List.of("n2", "n3", "n4", "n5"), List.of("n6")));
    running =
        at(at(at(running, "n2", NodePhase.DRAIN), "n3", NodePhase.DONE), "n4", NodePhase.SKIPPED);
    Campaign failing = campaign(CampaignStatus.FAILING, 0, List.of(List.of("n1")));
    failing = at(failing, "n1", NodePhase.UNDRAIN);
    Campaign ended = campaign(CampaignStatus.FAILED, 0, List.of(List.of("n6")));
    ended = at(ended, "n6", NodePhase.BOOT);
    Campaign later = campaign(CampaignStatus.RUNNING, 1, List.of(List.of("n3"), List.of("n5")));
    later = at(at(later, "n3", NodePhase.SOAK), "n5", NodePhase.BOOT);
    assertEquals(
        Set.of("n2", "n1", "n5"),
        CampaignPlanner.busyNodes(List.of(running, failing, ended, later)));
    assertEquals(Set.of(), CampaignPlanner.busyNodes(List.of()));
  }

  @ParameterizedTest(name = "booting for {0}s of 600s -> {1}")
  @CsvSource({"599, BOOT", "600, BOOT", "601, SKIPPED"})
  void aNodeNotBackWithinItsBootTimeoutFailsTheCampaign(long waited, NodePhase after) {
    Campaign c = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n2", "n4")));
    c =
        at(
            c.withNode(c.progress("n2").to(NodePhase.BOOT, NOW).withBootId("boot-1")),
            "n4",
            NodePhase.UNDRAIN);
    Round r = new Round();
    r.cluster = drained(cluster(), "n2", "n4");
    r.signals = Map.of("n2", new NodeSignal("boot-1", "", Optional.of(NOW.minusSeconds(50))));
    r.at = NOW.plusSeconds(waited);
    Campaign out = r.plan(c);
    assertEquals(after, out.progress("n2").phase());
    if (after == NodePhase.BOOT) {
      assertEquals(CampaignStatus.RUNNING, out.status());
      assertTrue(
          out.next()
              .startsWith(
                  "group 1 of 1: n2: waiting for it to come back (" + waited + "s of 600s)"),
          out.next());
    } else {
      assertEquals(CampaignStatus.FAILING, out.status(), "n4 is still brought back");
      assertEquals(
          "node n2 did not come back within 600s of its reboot; nothing further is rebooted",
          out.stopReason());
    }
  }

  @ParameterizedTest(name = "boot id before {0}")
  @CsvSource({"boot-7, boot-7", "'', unknown"})
  void aRebootRemembersTheBootIdBeforeIt(String bootId, String said) {
    Campaign c =
        at(campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n2"))), "n2", NodePhase.REBOOT);
    Round r = new Round();
    r.cluster = drained(cluster(), "n2").withInstance("a", i -> i.placedOn("n3", "n4"));
    r.signals =
        bootId.isEmpty() ? Map.of() : Map.of("n2", new NodeSignal(bootId, "", Optional.of(NOW)));
    Campaign out = r.plan(c);
    assertEquals(List.of(new Operation.RebootNode("n2")), r.ops());
    assertEquals(NodePhase.BOOT, out.progress("n2").phase());
    assertEquals(bootId, out.progress("n2").bootId());
    assertTrue(
        said(out, "n2:boot", "rebooting (boot id before: " + said + ")"), out.history().toString());
  }

  @Test
  void aNodeNoLongerInTheClusterFailsTheCampaignAndIsSkipped() {
    Campaign c = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n9", "n4"), List.of("n6")));
    c =
        new Campaign(
            c.id(),
            c.spec(),
            c.status(),
            c.stopReason(),
            c.groups(),
            0,
            List.of(
                NodeProgress.waiting("n9", NOW).to(NodePhase.SOAK, NOW),
                NodeProgress.waiting("n4", NOW),
                NodeProgress.waiting("n6", NOW)),
            List.of(),
            List.of(),
            "",
            NOW,
            NOW);
    Round r = new Round();
    Campaign out = r.plan(c);
    assertEquals(CampaignStatus.FAILED, out.status());
    assertEquals("node n9 is no longer in the cluster", out.stopReason());
    assertEquals(NodePhase.SKIPPED, out.progress("n9").phase());
    assertTrue(said(out, "n9:skipped", "no longer in the cluster"), out.history().toString());
    assertTrue(said(out, "n4:skipped", "the campaign is stopping"), out.history().toString());
    assertEquals(NodePhase.SKIPPED, out.progress("n6").phase());
    assertEquals(List.of(), r.jobs);
  }

  @ParameterizedTest(name = "stopping while {0} -> undrained")
  @CsvSource({"DRAIN", "EVACUATE", "REBOOT"})
  void aStoppingCampaignBringsBackANodeItHasNotRebooted(NodePhase phase) {
    Campaign c = at(campaign(CampaignStatus.ABORTING, 0, List.of(List.of("n4"))), "n4", phase);
    Round r = new Round();
    r.cluster = drained(cluster(), "n4");
    Campaign out = r.plan(c);
    assertEquals(
        List.of(new Operation.SetNodeFlags("n4", Optional.of(false), Optional.empty())), r.ops());
    assertEquals(NodePhase.UNDRAIN, out.progress("n4").phase());
    assertTrue(
        said(out, "n4:undrain", "not rebooted: the campaign is stopping"),
        out.history().toString());
  }

  @ParameterizedTest(name = "incident {0}, drained {1} -> {2}")
  @CsvSource({"true, false, WAITING", "true, true, EVACUATE", "false, false, DRAIN"})
  void aNodeWithAnIncidentStartsOnlyOnceItIsDrained(
      boolean incident, boolean drained, NodePhase after) {
    Campaign c = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n6")));
    Round r = new Round();
    r.cluster = drained ? drained(cluster(), "n6") : cluster();
    r.excluded = incident ? Set.of("n6") : Set.of();
    Campaign out = r.plan(c);
    assertEquals(after, out.progress("n6").phase());
    if (after == NodePhase.WAITING) {
      assertEquals("group 1 of 1: n6: has an active incident; repairs come first", out.next());
    }
  }

  @Test
  void aNodeTheCampaignDrainsThisRoundReceivesNothingFromItsGroupMates() {
    // n6 has by far the most room, but its drain is planned in this round.
    Campaign c = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n6", "n4")));
    c = at(at(c, "n6", NodePhase.DRAIN), "n4", NodePhase.EVACUATE);
    Round r = new Round();
    r.cluster =
        drained(cluster(), "n4")
            .withInstance("b", i -> i.placedOn("n4", ""))
            .withInstance("s", i -> i.placedOn("n5", ""))
            .withNode("n6", n -> n.withResources(n.resources().withFree(60000, 100000)));
    r.cluster =
        new Cluster(
            r.cluster.name(),
            r.cluster.groups(),
            r.cluster.nodes(),
            List.of(
                PlacementTest.instance(
                    "x", "n4", "", DiskTemplate.SHAREDFILE, 1024, 10, 1, InstanceStatus.running)),
            List.of(),
            List.of());
    r.plan(c);
    assertEquals(
        List.of(Operation.SetNodeFlags.drain("n6"), new Operation.Migrate("x", "n4", "n1")),
        r.ops());
  }

  @Test
  void aMoveBackHoldsItsNodesForTheRound() {
    // n6 takes s back from n5; n4, emptied in the same round, cannot use n5 as well.
    Campaign c = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n6", "n4")));
    c = at(at(c, "n6", NodePhase.RETURN), "n4", NodePhase.EVACUATE);
    c = c.withHomes(List.of(new Home("s", "n6", true)));
    Round r = new Round();
    r.cluster = drained(cluster(), "n4").withInstance("s", i -> i.placedOn("n5", ""));
    Campaign out = r.plan(c);
    assertEquals(List.of(new Operation.Migrate("s", "n5", "n6")), r.ops());
    assertTrue(
        out.next()
            .endsWith(
                "n4: move 0 of 1 instances off n4; waiting: b: its secondary n5 is busy"
                    + " with another job this round"),
        out.next());
  }

  /** n6, the home, has 32 vcpus of room and runs s (1 vcpu); "busy" adds more vcpus there. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "plain, no disk at home      | PLAIN      | 1024 | 10 |  0 | 8192 | 5    | stays: n6 has 5 MiB free disk, 1024 needed",
        "shared, no disk at home     | SHAREDFILE | 1024 | 10 |  0 | 8192 | 5    | migrate",
        "too many vcpus              | SHAREDFILE | 1024 | 40 |  0 | 8192 | 5000 | stays: n6 has room for 31 more vcpus, 40 needed",
        "drbd secondary, overcommitted | DRBD     | 1024 |  1 | 40 |    0 | 5000 | replace-secondary"
      })
  void whatAnInstanceNeedsAtHomeToGoBack(
      String what,
      DiskTemplate template,
      long disk,
      int vcpus,
      int vcpusOnHome,
      long homeMemory,
      long homeDisk,
      String outcome) {
    Cluster c =
        cluster()
            .withNode("n6", n -> n.withResources(n.resources().withFree(homeMemory, homeDisk)));
    c =
        PlacementTest.withInstances(
            c,
            PlacementTest.instance(
                "back",
                "n5",
                template == DiskTemplate.DRBD ? "n4" : "",
                template,
                1024,
                disk,
                vcpus,
                InstanceStatus.running));
    if (vcpusOnHome > 0) {
      c =
          PlacementTest.withInstances(
              c,
              PlacementTest.instance(
                  "busy",
                  "n6",
                  "",
                  DiskTemplate.SHAREDFILE,
                  1,
                  1,
                  vcpusOnHome,
                  InstanceStatus.running));
    }
    Round r = new Round();
    r.cluster = c;
    Campaign out = r.plan(returning(new Home("back", "n6", template != DiskTemplate.DRBD)));
    if (outcome.startsWith("stays: ")) {
      assertEquals(List.of(), r.jobs);
      assertTrue(
          said(out, "stays", "back stays on n5: " + outcome.substring(7)),
          out.history().toString());
    } else {
      assertEquals(List.of(outcome), r.ops().stream().map(Operation::kind).toList());
      assertTrue(r.ops().get(0).nodes().contains("n6"), r.ops().toString());
    }
  }

  @ParameterizedTest(name = "drained before {0}")
  @CsvSource({
    "true, 1 instance(s) stay away: the node was drained before the campaign",
    "false, done"
  })
  void aNodeTakesBackOnlyItsOwnInstancesAndOthersHomesStay(boolean wasDrained, String why) {
    Campaign c = campaign(CampaignStatus.RUNNING, 0, List.of(List.of("n2", "n6")));
    c = c.withNode(c.progress("n2").to(NodePhase.RETURN, NOW).withWasDrained(wasDrained));
    c = at(c, "n6", NodePhase.SOAK);
    c = c.withHomes(List.of(new Home("x", "n2", true), new Home("s", "n6", true)));
    Round r = new Round();
    r.cluster = drained(cluster(), "n6").withInstance("s", i -> i.placedOn("n5", ""));
    r.signals = Map.of("n6", new NodeSignal("b", "", Optional.of(NOW)));
    r.at = NOW.plusSeconds(5);
    Campaign out = r.plan(c);
    assertEquals(NodePhase.DONE, out.progress("n2").phase());
    assertTrue(said(out, "n2:done", why), out.history().toString());
    assertEquals(List.of(new Home("s", "n6", true)), out.homes());
    assertEquals(List.of(), r.jobs);
  }
}
