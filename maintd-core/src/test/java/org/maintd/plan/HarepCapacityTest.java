package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.TaggedObject;
import org.maintd.job.Operation;
import org.maintd.safety.Allowance;
import org.maintd.safety.SafetyCaps;
import org.maintd.testing.ClusterBuilder;

/**
 * Repairs competing for one node's room: a repair refused after its target was chosen gives the
 * room back, so that the next repair can have it in the same round.
 */
class HarepCapacityTest {
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);
  private final RoundPlanner planner =
      new RoundPlanner(new SafetyCaps(Allowance.parse("100%"), List.of()), true);

  /**
   * n1 is offline. a (shared file, 4 GiB) can only go to n2, which then works for a this round. b
   * (DRBD n2/n1) would get its new secondary on n3, the only node with disk for it, but waits, n2
   * being busy. c (DRBD n4/n1) then needs the same disk on n3.
   */
  private static Cluster cluster() {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, false)
            .node("n2", "g", 8192, 0, false)
            .node("n3", "g", 512, 1024, false)
            .node("n4", "g", 512, 0, false)
            .instance("a", "n1", "", DiskTemplate.SHAREDFILE, 4096, InstanceStatus.running)
            .instance("b", "n2", "n1", DiskTemplate.DRBD)
            .instance("c", "n4", "n1", DiskTemplate.DRBD)
            .build()
            .withNode("n1", n -> n.withFlags(n.flags().withOffline(true)));
    return c.withTagsOf(TaggedObject.cluster(), t -> List.of("ganeti:watcher:autorepair:failover"));
  }

  @Test
  void aRefusedRepairGivesBackTheRoomItsTargetTook() {
    RoundPlan plan = planner.plan(cluster(), List.of(), List.of(), 1, NOW);
    List<Operation> ops = plan.jobs().stream().flatMap(j -> j.operations().stream()).toList();
    assertEquals(
        List.of(
            new Operation.Failover("a", "n1", "n2"),
            new Operation.ReplaceSecondary("c", "n4", "n1", "n3")),
        ops,
        plan.items().toString());
    String b =
        plan.items().stream()
            .filter(i -> i.id().equals("b"))
            .map(i -> i.next().text())
            .findFirst()
            .orElseThrow();
    assertEquals(
        "secondary n1 is offline, needs fix-storage; waits: its nodes or the instance are busy with another job this round",
        b);
  }
}
