package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.Home;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeProgress;
import org.maintd.campaign.NodeSelection;
import org.maintd.campaign.NodeSignal;
import org.maintd.campaign.RebootKind;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Node;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.safety.Allowance;
import org.maintd.safety.SafetyCaps;
import org.maintd.testing.ClusterBuilder;
import org.maintd.wait.PlannedWorkHold;
import org.maintd.wait.WaitReason;

/**
 * A node's run in one pass, case by case: a node of campaign c1 (one group: n1, n2) starts the pass
 * in a phase; what its last step came to, its phase and the campaign's status after, and the jobs
 * it submitted. n1 is the master, n2 and n3 master candidates; shared s runs on n6; the campaign
 * soaks 60 s and waits 600 s for a node to come back; n2 was rebooted at T with boot id boot-1.
 */
class NodeRunTest {
  private static final Instant T = Instant.parse("2026-11-22T12:00:00Z");
  private static final String BUSY = "busy with another job this round";
  private static final CampaignSpec SPEC =
      new CampaignSpec(
          NodeSelection.all(),
          CampaignMode.MIGRATE_REBOOT,
          0,
          Duration.ofSeconds(60),
          Duration.ofSeconds(600),
          List.of());

  /** One pass of one node's run, and what it starts from. */
  private static final class Pass {
    String node = "n2";
    Cluster cluster =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 8192, 100000, false)
            .node("n6", "g", 8192, 100000, false)
            .instance("s", "n6", "", DiskTemplate.SHAREDFILE)
            .build()
            .withNode("n2", Pass::candidate)
            .withNode("n3", Pass::candidate);
    CampaignStatus status = CampaignStatus.RUNNING;
    NodeProgress progress;
    List<Home> homes = List.of();
    Set<String> excluded = Set.of();
    List<String> busy = List.of();
    Map<String, NodeSignal> signals = Map.of();
    Duration hardRebootAfter = Duration.ZERO;
    Instant at = T;
    Optional<WaitReason> held = Optional.empty();
    final List<JobSpec> jobs = new ArrayList<>();

    private static Node candidate(Node n) {
      return n.withFlags(new Node.Flags(false, true, false, false));
    }

    void in(NodePhase phase) {
      progress = NodeProgress.waiting(node, T).to(phase, T).withBootId("boot-1");
    }

    void drained(String name) {
      cluster = cluster.withNode(name, n -> n.withFlags(n.flags().withDrained(true)));
    }

    void signal(String bootId, double okSince) {
      Instant ok = T.plusMillis(Math.round(okSince * 1000));
      signals = Map.of("n2", new NodeSignal(bootId, "", Optional.of(ok)));
    }

    Campaign campaign() {
      List<NodeProgress> nodes =
          Stream.of("n1", "n2")
              .map(n -> n.equals(node) && progress != null ? progress : NodeProgress.waiting(n, T))
              .toList();
      String reason = status.isStopping() ? "aborted by op" : "";
      List<List<String>> groups = List.of(List.of("n1", "n2"));
      return new Campaign("c1", SPEC, status, reason, groups, 0, nodes, homes, List.of(), "", T, T);
    }

    NodeRun run() {
      RoundContext ctx =
          new RoundContext(
              cluster,
              1,
              0,
              excluded,
              Map.of(),
              new SafetyCaps(new Allowance(2, false), List.of()),
              held);
      ctx.claims.claim("someone-else", busy, List.of());
      NodeRun.Pass pass =
          new NodeRun.Pass(ctx, new EvacuationPlanner(ctx), signals, hardRebootAfter, at);
      return new NodeRun(pass, campaign(), node, jobs);
    }
  }

  private static Arguments row(
      String name,
      Consumer<Pass> given,
      NodeStep last,
      NodePhase after,
      CampaignStatus status,
      Operation... ops) {
    return Arguments.of(name, given, last, after, status, List.of(ops));
  }

  private static NodeStep waits(String reason) {
    return new NodeStep.Waits(reason);
  }

  private static final NodeStep FINISHED = new NodeStep.Finished();
  private static final CampaignStatus RUNNING = CampaignStatus.RUNNING;

  static Stream<Arguments> cases() {
    Operation drain = Operation.SetNodeFlags.drain("n2");
    Operation undrain = new Operation.SetNodeFlags("n2", Optional.of(false), Optional.empty());
    String timedOut =
        "node n2 did not come back within 600s of its reboot; nothing further is rebooted";
    return Stream.of(
        row(
            "waiting, with an active incident: repairs first",
            p -> p.excluded = Set.of("n2"),
            waits("has an active incident; repairs come first"),
            NodePhase.WAITING,
            RUNNING),
        row(
            "waiting: started and drained",
            p -> {},
            waits("draining"),
            NodePhase.DRAIN,
            RUNNING,
            drain),
        row(
            "waiting, the campaign stopping: skipped",
            p -> p.status = CampaignStatus.ABORTING,
            FINISHED,
            NodePhase.SKIPPED,
            CampaignStatus.ABORTING),
        row(
            "the master: the role moves to a candidate outside the group",
            p -> p.node = "n1",
            waits("the master role moves to n3; the daemon there goes on"),
            NodePhase.MASTER_FAILOVER,
            RUNNING,
            new Operation.FailoverMaster("n1", "n3")),
        row(
            "the master, no candidate free",
            p -> {
              p.node = "n1";
              p.busy = List.of("n3");
            },
            waits("no online master candidate can take the master role"),
            NodePhase.MASTER_FAILOVER,
            RUNNING),
        row(
            "the master, busy itself",
            p -> {
              p.node = "n1";
              p.busy = List.of("n1");
            },
            waits(BUSY),
            NodePhase.MASTER_FAILOVER,
            RUNNING),
        row(
            "no longer the master: drained next",
            p -> p.in(NodePhase.MASTER_FAILOVER),
            waits("draining"),
            NodePhase.DRAIN,
            RUNNING,
            drain),
        row(
            "drain, busy",
            p -> {
              p.in(NodePhase.DRAIN);
              p.busy = List.of("n2");
            },
            waits(BUSY),
            NodePhase.DRAIN,
            RUNNING),
        row(
            "drained and empty: rebooted",
            p -> {
              p.in(NodePhase.DRAIN);
              p.drained("n2");
              p.signal("boot-1", -100);
            },
            waits("rebooting"),
            NodePhase.BOOT,
            RUNNING,
            new Operation.RebootNode("n2")),
        row(
            "emptied: the instances on it move off",
            p -> {
              p.in(NodePhase.EVACUATE);
              p.cluster = p.cluster.withInstance("s", i -> i.placedOn("n2", ""));
            },
            waits("move 1 of 1 instances off n2"),
            NodePhase.EVACUATE,
            RUNNING,
            new Operation.Migrate("s", "n2", "n1")),
        row(
            "reboot, busy",
            p -> {
              p.in(NodePhase.REBOOT);
              p.busy = List.of("n2");
            },
            waits(BUSY),
            NodePhase.REBOOT,
            RUNNING),
        row(
            "the campaign stopping before the reboot: brought back",
            p -> {
              p.in(NodePhase.REBOOT);
              p.drained("n2");
              p.status = CampaignStatus.ABORTING;
            },
            waits("undraining"),
            NodePhase.UNDRAIN,
            CampaignStatus.ABORTING,
            undrain),
        row(
            "booting, not back",
            p -> {
              p.in(NodePhase.BOOT);
              p.signal("boot-1", -100);
              p.at = T.plusSeconds(30);
            },
            waits("waiting for it to come back (30s of 600s)"),
            NodePhase.BOOT,
            RUNNING),
        row(
            "back: soaking",
            p -> {
              p.in(NodePhase.BOOT);
              p.signal("boot-2", 20);
              p.at = T.plusSeconds(30);
            },
            waits("soaking: 0s of 60s"),
            NodePhase.SOAK,
            RUNNING),
        row(
            "not back in time: stops the campaign",
            p -> {
              p.in(NodePhase.BOOT);
              p.at = T.plusSeconds(601);
            },
            new NodeStep.Failed(timedOut),
            NodePhase.SKIPPED,
            CampaignStatus.FAILING),
        row(
            "a hard reboot due",
            p -> {
              p.in(NodePhase.BOOT);
              p.hardRebootAfter = Duration.ofSeconds(180);
              p.at = T.plusSeconds(180);
            },
            waits("power-cycled through the cluster"),
            NodePhase.BOOT,
            RUNNING,
            new Operation.RebootNode("n2", true)),
        row(
            "a hard reboot due, busy",
            p -> {
              p.in(NodePhase.BOOT);
              p.hardRebootAfter = Duration.ofSeconds(180);
              p.at = T.plusSeconds(180);
              p.busy = List.of("n2");
            },
            waits("a hard reboot is due; " + BUSY),
            NodePhase.BOOT,
            RUNNING),
        row(
            "a gap in the soak: restarted",
            p -> {
              p.in(NodePhase.SOAK);
              p.signal("boot-2", 10);
              p.at = T.plusSeconds(30);
            },
            waits("soak restarted: its collector was not Ok at every poll"),
            NodePhase.SOAK,
            RUNNING),
        row(
            "soaked: undrained",
            p -> {
              p.in(NodePhase.SOAK);
              p.drained("n2");
              p.signal("boot-2", -1);
              p.at = T.plusSeconds(60);
            },
            waits("undraining"),
            NodePhase.UNDRAIN,
            RUNNING,
            undrain),
        row(
            "soaked, not drained, nothing to take back: done",
            p -> {
              p.in(NodePhase.SOAK);
              p.signal("boot-2", -1);
              p.at = T.plusSeconds(60);
            },
            FINISHED,
            NodePhase.DONE,
            RUNNING),
        row(
            "home: an instance moves back",
            p -> {
              p.in(NodePhase.RETURN);
              p.homes = List.of(new Home("s", "n2", true));
            },
            waits("moving 1 instance(s) back"),
            NodePhase.RETURN,
            RUNNING,
            new Operation.Migrate("s", "n6", "n2")),
        row(
            "home: an instance waits for a busy node",
            p -> {
              p.in(NodePhase.RETURN);
              p.homes = List.of(new Home("s", "n2", true));
              p.busy = List.of("n6");
            },
            waits("instances wait for nodes busy this round"),
            NodePhase.RETURN,
            RUNNING),
        row(
            "no longer in the cluster: stops the campaign",
            p -> {
              p.in(NodePhase.DRAIN);
              Cluster c = p.cluster;
              List<Node> left = c.nodes().stream().filter(n -> !n.name().equals("n2")).toList();
              p.cluster =
                  new Cluster(c.name(), c.groups(), left, c.instances(), c.tags(), c.policies());
            },
            FINISHED,
            NodePhase.SKIPPED,
            CampaignStatus.FAILING),
        row("done: nothing more", p -> p.in(NodePhase.DONE), FINISHED, NodePhase.DONE, RUNNING));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void goesAsFarAsItCanThisPass(
      String name,
      Consumer<Pass> given,
      NodeStep last,
      NodePhase after,
      CampaignStatus status,
      List<Operation> ops) {
    Pass p = new Pass();
    given.accept(p);
    NodeRun run = p.run();
    assertEquals(last, run.advance(), name);
    assertEquals(after, run.campaign().progress(p.node).phase(), name);
    assertEquals(status, run.campaign().status(), name);
    assertEquals(ops, p.jobs.stream().flatMap(j -> j.operations().stream()).toList(), name);
  }

  private static final WaitReason NIGHTS =
      new PlannedWorkHold.OutsideAllowedHours(
          "mo-fr 22:00-06:00 UTC", java.time.ZonedDateTime.parse("2026-11-23T22:00Z[UTC]"));
  private static final String UNTIL = NIGHTS.text();

  static Stream<Arguments> heldCases() {
    return Stream.of(
        row(
            "waiting: not started",
            p -> {},
            waits("held before its start: " + UNTIL),
            NodePhase.WAITING,
            RUNNING),
        row(
            "the master: its role stays",
            p -> {
              p.node = "n1";
              p.in(NodePhase.MASTER_FAILOVER);
            },
            waits("held before the master role moves: " + UNTIL),
            NodePhase.MASTER_FAILOVER,
            RUNNING),
        row(
            "to be drained: not drained",
            p -> p.in(NodePhase.DRAIN),
            waits("held before its drain: " + UNTIL),
            NodePhase.DRAIN,
            RUNNING),
        row(
            "drained, an instance on it: the instance stays",
            p -> {
              p.in(NodePhase.DRAIN);
              p.drained("n2");
              p.cluster = p.cluster.withInstance("s", i -> i.placedOn("n2", ""));
            },
            waits("held before moving its instances off: " + UNTIL),
            NodePhase.EVACUATE,
            RUNNING),
        row(
            "drained and empty: not rebooted",
            p -> {
              p.in(NodePhase.DRAIN);
              p.drained("n2");
            },
            waits("held before its reboot: " + UNTIL),
            NodePhase.REBOOT,
            RUNNING));
  }

  /**
   * A node whose boot id was unknown at its soft reboot, which failed, is power-cycled; it reports
   * boot-1 then, and its hard reboot is proven by a boot id other than boot-1, even when it went
   * down and came back between two polls (its {@code Ok} reports without a gap).
   */
  @Test
  void aHardRebootAfterAnUnknownBootIdWatchesForAnotherThanTheOneReportedThen() {
    Pass soft = new Pass();
    soft.progress =
        NodeProgress.waiting("n2", T).to(NodePhase.BOOT, T).withReboot(RebootKind.HARD_DUE);
    soft.hardRebootAfter = Duration.ofSeconds(180);
    soft.signal("boot-1", -100);
    soft.at = T.plusSeconds(5);
    NodeRun hard = soft.run();
    assertEquals(waits("power-cycled through the cluster"), hard.advance());
    NodeProgress after = hard.campaign().progress("n2");
    assertEquals("boot-1", after.bootId());
    assertEquals(RebootKind.HARD, after.reboot());

    Pass back = new Pass();
    back.progress = after;
    back.hardRebootAfter = Duration.ofSeconds(180);
    back.signal("boot-2", -100);
    back.at = T.plusSeconds(65);
    NodeRun watched = back.run();
    assertEquals(waits("soaking: 0s of 60s"), watched.advance());
    assertEquals(NodePhase.SOAK, watched.campaign().progress("n2").phase());

    Pass same = new Pass();
    same.progress = after;
    same.hardRebootAfter = Duration.ofSeconds(180);
    same.signal("boot-1", -100);
    same.at = T.plusSeconds(65);
    assertEquals(waits("waiting for it to come back (60s of 600s)"), same.run().advance());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("heldCases")
  void whilePlannedWorkIsHeldANodeNotYetRebootedStopsAtASafePoint(
      String name,
      Consumer<Pass> given,
      NodeStep last,
      NodePhase after,
      CampaignStatus status,
      List<Operation> ops) {
    Pass p = new Pass();
    given.accept(p);
    p.held = Optional.of(NIGHTS);
    NodeRun run = p.run();
    assertEquals(last, run.advance(), name);
    assertEquals(after, run.campaign().progress(p.node).phase(), name);
    assertEquals(status, run.campaign().status(), name);
    assertEquals(ops, p.jobs.stream().flatMap(j -> j.operations().stream()).toList(), name);
  }

  /** The cases of the table whose node was rebooted already, or whose campaign stops. */
  @SuppressWarnings("unchecked")
  static Stream<Arguments> goesOnCases() {
    return cases()
        .filter(
            a -> {
              Pass p = new Pass();
              ((Consumer<Pass>) a.get()[1]).accept(p);
              NodePhase from = p.progress == null ? NodePhase.WAITING : p.progress.phase();
              return from.rebooted() || p.status.isStopping();
            });
  }

  /**
   * Every case of the table whose node was rebooted already, or whose campaign stops, comes to the
   * same with planned work held: the node runs to its end, a stopping campaign winds down.
   */
  @ParameterizedTest(name = "{0}")
  @MethodSource("goesOnCases")
  void whilePlannedWorkIsHeldARebootedNodeRunsToItsEndAndAStoppingCampaignWindsDown(
      String name,
      Consumer<Pass> given,
      NodeStep last,
      NodePhase after,
      CampaignStatus status,
      List<Operation> ops) {
    Pass p = new Pass();
    given.accept(p);
    p.held = Optional.of(NIGHTS);
    NodeRun run = p.run();
    assertEquals(last, run.advance(), name);
    assertEquals(after, run.campaign().progress(p.node).phase(), name);
    assertEquals(status, run.campaign().status(), name);
    assertEquals(ops, p.jobs.stream().flatMap(j -> j.operations().stream()).toList(), name);
  }
}
