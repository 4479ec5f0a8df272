package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.balance.BalanceMove;
import org.maintd.balance.BalanceOptions;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Group;
import org.maintd.cluster.InstanceStatus;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.incident.Incident;
import org.maintd.incident.Lifecycle;
import org.maintd.incident.Observation;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.safety.Allowance;
import org.maintd.safety.SafetyCaps;
import org.maintd.testing.ClusterBuilder;

/**
 * Balancing moves in a round: hbal's steps as operations, only on free nodes, never beside an
 * incident.
 */
class BalancePlannerTest {
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);

  @Test
  void hbalsStepsBecomeOperationsInOrder() {
    Cluster c =
        new ClusterBuilder()
            .node("a", "g", 8192, 100000, true)
            .node("b", "g", 8192, 100000, false)
            .node("c", "g", 8192, 100000, false)
            .instance("i", "a", "b", DiskTemplate.DRBD)
            .instance("d", "a", "b", DiskTemplate.DRBD, 1024, InstanceStatus.ADMIN_down)
            .build();
    var i = c.instance("i").orElseThrow();
    assertEquals(
        List.of(new Operation.Migrate("i", "a", "b")), BalancePlanner.operations(i, move("f")));
    assertEquals(
        List.of(new Operation.ReplaceSecondary("i", "a", "b", "c")),
        BalancePlanner.operations(i, move("r:c")));
    assertEquals(
        List.of(
            new Operation.ReplaceSecondary("i", "a", "b", "c"),
            new Operation.Migrate("i", "a", "c")),
        BalancePlanner.operations(i, move("r:c f")));
    assertEquals(
        List.of(
            new Operation.Migrate("i", "a", "b"),
            new Operation.ReplaceSecondary("i", "b", "a", "c")),
        BalancePlanner.operations(i, move("f r:c")));
    assertEquals(
        List.of(
            new Operation.Migrate("i", "a", "b"),
            new Operation.ReplaceSecondary("i", "b", "a", "c"),
            new Operation.Migrate("i", "b", "c")),
        BalancePlanner.operations(i, move("f r:c f")));
    assertEquals(
        List.of(new Operation.Failover("d", "a", "b")),
        BalancePlanner.operations(
            c.instance("d").orElseThrow(), new BalanceMove("d", "a", "b", "b", "a", 0, "f")));
  }

  private static BalanceMove move(String commands) {
    return new BalanceMove("i", "a", "b", "?", "?", 0, commands);
  }

  /** Four nodes; every instance's primary on n1 or n2, its secondary on n3. */
  private static Cluster crowdedSecondaries() {
    ClusterBuilder b = new ClusterBuilder();
    for (int n = 1; n <= 4; n++) {
      b.node("n" + n, "g", 30000, 500000, n == 1);
    }
    for (int k = 0; k < 8; k++) {
      b.instance("i" + k, k % 2 == 0 ? "n1" : "n2", "n3", DiskTemplate.DRBD);
    }
    return b.build();
  }

  /** Six nodes; every instance's primary on n1 or n2. */
  private static Cluster crowded() {
    ClusterBuilder b = new ClusterBuilder();
    for (int n = 1; n <= 6; n++) {
      b.node("n" + n, "g", 30000, 500000, n == 1);
    }
    for (int k = 0; k < 12; k++) {
      b.instance("i" + k, k % 2 == 0 ? "n1" : "n2", "n" + (3 + k % 4), DiskTemplate.DRBD);
    }
    return b.build();
  }

  @Test
  void balancingMovesNeverShareANodeAndStayAwayFromIncidents() {
    AtomicInteger ids = new AtomicInteger();
    Lifecycle lifecycle = new Lifecycle(() -> new UUID(0, ids.incrementAndGet()));
    Observation fault =
        new Observation.Fault(
            new DiagnoseParser()
                .parseCommandOutput(Map.of("status", "live-repair", "command", "fix")));
    List<Incident> incidents = lifecycle.observe(List.of(), Map.of("n5", fault), NOW).incidents();
    RoundPlanner planner =
        new RoundPlanner(new SafetyCaps(Allowance.parse("100%"), List.of()), false, 0.01);
    RoundPlan plan = planner.plan(crowded(), incidents, List.of(), 1, NOW);
    List<JobSpec> balancing =
        plan.jobs().stream().filter(j -> j.owner().startsWith("balance:")).toList();
    assertFalse(balancing.isEmpty(), plan.items().toString());
    Map<String, String> owners = new HashMap<>();
    Set<String> instances = new HashSet<>();
    for (JobSpec j : plan.jobs()) {
      for (String n : j.nodes()) {
        String previous = owners.putIfAbsent(n, j.owner());
        assertTrue(
            previous == null || previous.equals(j.owner()),
            "node " + n + " in two jobs: " + plan.jobs());
      }
      j.instances().forEach(i -> assertTrue(instances.add(i), "instance " + i + " in two jobs"));
    }
    for (JobSpec j : balancing) {
      assertFalse(j.nodes().contains("n5"), "n5 has an incident: " + j);
      assertTrue(j.reason().text().startsWith("balancing: "), j.reason().text());
    }
    PlanItem item =
        plan.items().stream().filter(i -> i.kind().equals("balance")).findFirst().orElseThrow();
    assertTrue(
        item.next().text().matches("score [0-9.]+, [0-9.]+ after \\d+ move\\(s\\)"),
        item.next().text());
  }

  @Test
  void aHighThresholdMovesNothingAndSaysWhy() {
    RoundPlan plan =
        new RoundPlanner(SafetyCaps.defaults(), false, 1000)
            .plan(crowded(), List.of(), List.of(), 1, NOW);
    assertEquals(List.of(), plan.jobs());
    assertTrue(
        plan.items()
            .get(0)
            .next()
            .text()
            .contains("no move lowers it by 1000.0000 (balance.minGain)"),
        plan.items().toString());
  }

  @Test
  void balancingPlacesWithTheSameRulesAsEvacuationsAndHonoursExclusionTags() {
    Cluster tagged = crowded().withTags(List.of("htools:iextags:svc"));
    for (int k = 0; k < 12; k++) {
      tagged = tagged.withInstance("i" + k, i -> i.withTags(List.of("svc:web")));
    }
    Cluster withN4Drained = tagged.withNode("n4", n -> n.withFlags(n.flags().withDrained(true)));
    BalancePlanner rules =
        new BalancePlanner(
            new RoundContext(withN4Drained, 1, 0, Set.of("n6"), SafetyCaps.defaults()),
            BalanceOptions.threshold(0.01),
            Set.of());
    assertTrue(
        rules
            .refusal(new BalanceMove("i0", "n1", "n3", "n2", "n3", 0, "fa:n2"))
            .orElseThrow()
            .contains("n2 already runs an instance tagged svc:web"),
        "the exclusion tag, as for evacuations");
    assertTrue(
        rules
            .refusal(new BalanceMove("i0", "n1", "n3", "n4", "n3", 0, "fa:n4"))
            .orElseThrow()
            .contains("n4 is drained"));
    assertTrue(
        rules
            .refusal(new BalanceMove("i0", "n1", "n3", "n6", "n3", 0, "fa:n6"))
            .orElseThrow()
            .contains("n6 has an active incident"));
    assertEquals(
        java.util.Optional.empty(),
        rules.refusal(new BalanceMove("i0", "n1", "n3", "n5", "n3", 0, "fa:n5")));

    RoundPlan plan =
        new RoundPlanner(new SafetyCaps(Allowance.parse("100%"), List.of()), false, 0.01)
            .plan(tagged, List.of(), List.of(), 1, NOW);
    assertFalse(plan.jobs().isEmpty(), plan.items().toString());
    Set<String> primaries = new HashSet<>(List.of("n1", "n2"));
    for (JobSpec j : plan.jobs()) {
      Operation last = j.operations().get(j.operations().size() - 1);
      String target =
          last instanceof Operation.Migrate m
              ? m.target()
              : last instanceof Operation.Failover f ? f.target() : null;
      if (target != null) {
        assertTrue(
            primaries.add(target), "a second svc:web instance on " + target + ": " + plan.jobs());
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "running, migrate",
    "ADMIN_down, failover",
    "ERROR_up, migrate",
    "USER_down, failover"
  })
  void aFailoverToAnyNodeMigratesARunningInstanceAndFailsOverAStoppedOne(
      InstanceStatus status, String kind) {
    Cluster c =
        new ClusterBuilder()
            .node("a", "g", 8192, 100000, true)
            .node("c", "g", 8192, 100000, false)
            .instance("s", "a", "", DiskTemplate.SHAREDFILE, 1024, status)
            .build();
    assertEquals(
        List.of(
            kind.equals("migrate")
                ? new Operation.Migrate("s", "a", "c")
                : new Operation.Failover("s", "a", "c")),
        BalancePlanner.operations(
            c.instance("s").orElseThrow(), new BalanceMove("s", "a", "", "c", "", 0, "fa:c")));
  }

  /**
   * a (master, no free disk) holds the primaries; b, their DRBD secondary, has no free disk; c has
   * no free memory; d no free disk; e room for everything.
   */
  private static BalancePlanner roomRules() {
    Cluster c =
        new ClusterBuilder()
            .node("a", "g", 100000, 0, true)
            .node("b", "g", 100000, 0, false)
            .node("c", "g", 0, 100000, false)
            .node("d", "g", 100000, 0, false)
            .node("e", "g", 100000, 100000, false)
            .instance("i", "a", "b", DiskTemplate.DRBD)
            .instance("off", "a", "b", DiskTemplate.DRBD, 1024, InstanceStatus.ADMIN_down)
            .instance("s", "a", "", DiskTemplate.SHAREDFILE)
            .instance("p", "a", "", DiskTemplate.PLAIN)
            .build();
    return new BalancePlanner(
        new RoundContext(c, 1, 0, Set.of(), SafetyCaps.defaults()),
        BalanceOptions.threshold(0.01),
        Set.of());
  }

  @ParameterizedTest(name = "{0} {1} -> {2}:{3}: {4}")
  @CsvSource(
      delimiter = '|',
      value = {
        // instance, commands, new primary, new secondary, why refused ('' none)
        "i   | f       | b | a  | ''",
        "i   | r:e     | a | e  | ''",
        "i   | r:c     | a | c  | ''",
        "i   | r:d     | a | d  | d has 0 MiB free disk, 1024 needed",
        "i   | r:d f   | d | a  | d has 0 MiB free disk, 1024 needed",
        "i   | r:e f   | e | a  | ''",
        "i   | r:c f   | c | a  | c has 0 MiB free memory, 1024 needed",
        "off | r:c f   | c | a  | ''",
        "i   | f r:d   | b | d  | d has 0 MiB free disk, 1024 needed",
        "s   | fa:d    | d | '' | ''",
        "s   | fa:c    | c | '' | c has 0 MiB free memory, 1024 needed",
        "p   | fa:e    | e | '' | ''",
        "p   | fa:d    | d | '' | d has 0 MiB free disk, 1024 needed"
      })
  void aMoveNeedsRoomForWhatItsNewNodesTakeOn(
      String instance, String commands, String primary, String secondary, String why) {
    String oldSecondary = instance.equals("s") || instance.equals("p") ? "" : "b";
    BalanceMove m = new BalanceMove(instance, "a", oldSecondary, primary, secondary, 0, commands);
    assertEquals(why, roomRules().refusal(m).orElse(""));
  }

  @Test
  void balancingSkipsNodeGroupsWithoutNodes() {
    Cluster c = crowded();
    c =
        new Cluster(
            c.name(),
            List.of(
                new Group("empty", "empty", "preferred", List.of(), List.of()), c.groups().get(0)),
            c.nodes(),
            c.instances(),
            c.tags(),
            c.policies());
    RoundPlan plan =
        new RoundPlanner(SafetyCaps.defaults(), false, 1000).plan(c, List.of(), List.of(), 1, NOW);
    assertEquals(List.of("g"), plan.items().stream().map(PlanItem::id).toList());
  }

  @Test
  void aMoveThatWouldTakeASecondaryOffANodeWithAnIncidentIsNotMade() {
    // Every instance has its primary on n1 and its secondary on n2, which was evacuated: each
    // move of them would touch n2.
    ClusterBuilder b = new ClusterBuilder();
    for (int n = 1; n <= 4; n++) {
      b.node("n" + n, "g", 30000, 500000, n == 1);
    }
    for (int k = 0; k < 8; k++) {
      b.instance("i" + k, "n1", "n2", DiskTemplate.DRBD);
    }
    RoundPlanner planner =
        new RoundPlanner(new SafetyCaps(Allowance.parse("100%"), List.of()), false, 0.0001);
    RoundPlan free = planner.plan(b.build(), List.of(), List.of(), 1, NOW);
    assertFalse(free.jobs().isEmpty(), "without the incident, moves are made: " + free.items());
    RoundPlan plan = planner.plan(b.build(), List.of(), List.of("n2"), 1, NOW);
    assertEquals(List.of(), plan.jobs());
    assertTrue(
        plan.items().get(0).next().text().contains("no move lowers it"), plan.items().toString());
  }

  /** What a round's balancing jobs may do under each of hbal's switches, as daemon settings. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        // switches, operations made, instances moved ('' any)
        "(none)                  | Migrate ReplaceSecondary | ''",
        "diskMoves false         | Migrate                  | ''",
        "instanceMoves false     | ReplaceSecondary         | ''",
        "selectInstances i0,i3   | Migrate ReplaceSecondary | i0 i3",
        "excludeInstances i0..i9 | Migrate ReplaceSecondary | i10 i11",
        "evacMode                | ''                       | ''"
      })
  void theRoundsBalancingKeepsToTheSwitches(String switches, String ops, String instances) {
    // for new secondaries alone, a cluster whose secondaries are crowded instead
    Cluster cluster = switches.startsWith("instanceMoves") ? crowdedSecondaries() : crowded();
    BalanceOptions o = BalanceOptions.threshold(0.0001);
    o =
        switch (switches) {
          case "diskMoves false" -> o.withDiskMoves(false);
          case "instanceMoves false" -> o.withInstanceMoves(false);
          case "selectInstances i0,i3" -> o.withSelectInstances(List.of("i0", "i3"));
          case "excludeInstances i0..i9" ->
              o.withExcludeInstances(
                  List.of("i0", "i1", "i2", "i3", "i4", "i5", "i6", "i7", "i8", "i9"));
          case "evacMode" -> o.withEvacMode(true);
          default -> o;
        };
    RoundPlan plan =
        new RoundPlanner(
                new SafetyCaps(Allowance.parse("100%"), List.of()),
                false,
                org.maintd.balance.BalanceThreshold.above(0.0001),
                o,
                java.time.Duration.ZERO)
            .plan(cluster, List.of(), List.of(), 1, NOW);
    Set<String> kinds = new HashSet<>();
    for (JobSpec j : plan.jobs()) {
      j.operations().forEach(op -> kinds.add(op.getClass().getSimpleName()));
      if (!instances.isEmpty()) {
        assertTrue(List.of(instances.split(" ")).containsAll(j.instances()), switches + ": " + j);
      }
    }
    assertEquals(ops.isEmpty() ? Set.of() : Set.of(ops.split(" ")), kinds, plan.jobs().toString());
  }

  /**
   * A node whose repair failed, until the operator removes its repairfailed tag (which forgets the
   * incident), is neither the source nor the target of a balancing move; a canceled or completed
   * repair holds nothing back. Each row's node is touched by balancing without the incident.
   */
  @ParameterizedTest(name = "{0} incident on {1}: touched {2}")
  @CsvSource({
    "FAILED, n1, false",
    "FAILED, n2, false",
    "FAILED, n3, false",
    "FAILED, n6, false",
    "CANCELED, n1, true",
    "COMPLETED, n1, true"
  })
  void aNodeWhoseRepairFailedIsLeftAloneByBalancing(String status, String node, boolean touched) {
    AtomicInteger ids = new AtomicInteger();
    Lifecycle lifecycle = new Lifecycle(() -> new UUID(0, ids.incrementAndGet()));
    Observation fault =
        new Observation.Fault(
            new DiagnoseParser()
                .parseCommandOutput(Map.of("status", "live-repair", "command", "fix")));
    Incident noted = lifecycle.observe(List.of(), Map.of(node, fault), NOW).incidents().get(0);
    Incident incident =
        switch (status) {
          case "FAILED" -> lifecycle.failed(noted, "job 7 failed", NOW);
          case "CANCELED" -> lifecycle.cancel(noted, NOW, "ordered");
          default -> lifecycle.completed(noted, "all actions done", NOW);
        };
    RoundPlanner planner =
        new RoundPlanner(new SafetyCaps(Allowance.parse("100%"), List.of()), false, 0.0001);
    RoundPlan free = planner.plan(crowded(), List.of(), List.of(), 1, NOW);
    assertTrue(touches(free, node), "without the incident balancing touches " + node);

    RoundPlan plan = planner.plan(crowded(), List.of(incident), List.of(), 1, NOW);
    assertFalse(plan.jobs().isEmpty(), "the other nodes are balanced: " + plan.items());
    assertEquals(touched, touches(plan, node), plan.jobs().toString());
    assertEquals(
        !touched,
        plan.items().get(0).next().text().endsWith("; untouched after a failed repair: " + node),
        plan.items().toString());
  }

  private static boolean touches(RoundPlan plan, String node) {
    return plan.jobs().stream()
        .filter(j -> j.owner().startsWith(BalancePlanner.OWNER))
        .anyMatch(j -> j.nodes().contains(node));
  }
}
