package org.maintd.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.InstanceStatus;
import org.maintd.testing.ClusterBuilder;

/**
 * The watcher's disk duties: a node whose boot id changed gets the disks of the mirrored instances
 * it is secondary of activated (active disks only, not those just started), a node first seen is
 * only recorded; verify-disks' offline instances the same, helpless ones and those with an offline
 * secondary skipped; what cannot be done now waits for a later round.
 */
class DiskDutiesTest {
  private static final Instant T0 = HealthPlannerTest.T0;
  private final HealthPlanner planner = new HealthPlanner(HealthSettings.on());

  /** n4 is secondary of a (drbd), b (drbd, ERROR_down), d (drbd, disks inactive); p is plain. */
  private static Cluster cluster() {
    return new ClusterBuilder()
        .node("n1", "g", 8192, 100000, true)
        .node("n2", "g", 8192, 100000, false)
        .node("n3", "g", 8192, 100000, false)
        .node("n4", "g", 8192, 100000, false)
        .instance("a", "n2", "n4", DiskTemplate.DRBD)
        .instance("b", "n3", "n4", DiskTemplate.DRBD, 1024, InstanceStatus.ERROR_down)
        .instance("c", "n2", "n3", DiskTemplate.DRBD)
        .instance("d", "n3", "n4", DiskTemplate.DRBD)
        .instance("p", "n4", "", DiskTemplate.PLAIN)
        .build();
  }

  private static final DiskStatus D_INACTIVE = new DiskStatus(Map.of("d", false), Set.of());

  private HealthPlan plan(
      InstanceHealth stored, Map<String, String> boots, DiskStatus disks, Busy busy) {
    return planner.plan(new HealthInput(cluster(), stored, disks, boots, busy, T0));
  }

  private static InstanceHealth booted(String n4) {
    return new InstanceHealth(Map.of(), Map.of("n4", n4), Map.of());
  }

  @Test
  void aRebootedSecondaryGetsTheDisksOfItsMirroredInstancesActivated() {
    HealthPlan p = plan(booted("boot-1"), Map.of("n4", "boot-2"), D_INACTIVE, Busy.none());
    assertEquals(
        List.of(
            new Duty.Start("b", "n3", "n4", 1, 5),
            new Duty.ActivateDisks("a", "n2", "n4", "its secondary node n4 rebooted")),
        p.duties());
    assertEquals(Map.of("n4", "boot-2"), p.next().bootIds());
    assertEquals(Optional.of(T0), p.next().of("a").disksActivated());
    assertEquals(Map.of(), p.next().pendingDisks());
    assertEquals(
        "disks activated " + T0, HealthText.of(cluster().instance("a").get(), p.next().of("a"), 5));
    assertEquals(List.of("n2", "n4"), ((Duty.ActivateDisks) p.duties().get(1)).nodes());
  }

  @Test
  void aNodeFirstSeenOrUnchangedActivatesNothing() {
    HealthPlan first =
        plan(InstanceHealth.empty(), Map.of("n4", "boot-1"), D_INACTIVE, Busy.none());
    assertEquals(1, first.duties().size()); // only b's start
    assertEquals(Map.of("n4", "boot-1"), first.next().bootIds());
    HealthPlan same = plan(booted("boot-1"), Map.of("n4", "boot-1"), D_INACTIVE, Busy.none());
    assertEquals(1, same.duties().size());
    HealthPlan unknown = plan(booted("boot-1"), Map.of("n4", ""), D_INACTIVE, Busy.none());
    assertEquals(Map.of("n4", "boot-1"), unknown.next().bootIds());
  }

  @Test
  void aBusyInstanceWaitsAndIsActivatedInALaterRound() {
    Busy n2Taken = new Busy(Map.of("n2", "is taken by another job of this round"), Set.of());
    HealthPlan p = plan(booted("boot-1"), Map.of("n4", "boot-2"), D_INACTIVE, n2Taken);
    assertEquals(Map.of("a", "its secondary node n4 rebooted"), p.next().pendingDisks());
    assertEquals(Map.of("n4", "boot-2"), p.next().bootIds());
    HealthPlan later = plan(p.next(), Map.of("n4", "boot-2"), D_INACTIVE, Busy.none());
    assertEquals(
        List.of(new Duty.ActivateDisks("a", "n2", "n4", "its secondary node n4 rebooted")),
        later.duties().stream().filter(d -> d instanceof Duty.ActivateDisks).toList());
    assertEquals(Map.of(), later.next().pendingDisks());
  }

  @Test
  void verifyDisksOfflineInstancesGetTheirDisksActivatedUnlessHelpless() {
    Cluster c =
        cluster()
            .withInstance("c", i -> i.withStatus(InstanceStatus.running))
            .withNode("n4", n -> n.withFlags(n.flags().withOffline(true)));
    DiskStatus verify = new DiskStatus(Map.of(), Set.of("a", "c", "gone", "p"));
    HealthPlan p =
        planner.plan(new HealthInput(c, InstanceHealth.empty(), verify, Map.of(), Busy.none(), T0));
    assertEquals(
        List.of(new Duty.ActivateDisks("c", "n2", "n3", "verify-disks reports them offline")),
        p.duties().stream().filter(d -> d instanceof Duty.ActivateDisks).toList());
    assertEquals(Map.of(), p.next().pendingDisks());
  }

  @Test
  void anInstanceWhoseDisksAreNotActiveIsDropped() {
    DiskStatus verify = new DiskStatus(Map.of("c", false), Set.of("c"));
    HealthPlan p = plan(InstanceHealth.empty(), Map.of(), verify, Busy.none());
    assertEquals(List.of(new Duty.Start("b", "n3", "n4", 1, 5)), p.duties());
    assertEquals(Map.of(), p.next().pendingDisks());
  }

  @Test
  void bootIdsOfNodesGoneAreForgotten() {
    InstanceHealth h = new InstanceHealth(Map.of(), Map.of("n4", "x", "old", "y"), Map.of());
    assertEquals(
        Map.of("n4", "x"), plan(h, Map.of(), DiskStatus.unknown(), Busy.none()).next().bootIds());
  }

  @Test
  void aRebootReportedByBothWaysIsActivatedOnceAndSaysTheReboot() {
    DiskStatus verify = new DiskStatus(Map.of("d", false), Set.of("a"));
    HealthPlan p = plan(booted("boot-1"), Map.of("n4", "boot-2"), verify, Busy.none());
    assertEquals(
        List.of(new Duty.ActivateDisks("a", "n2", "n4", "its secondary node n4 rebooted")),
        p.duties().stream().filter(d -> d instanceof Duty.ActivateDisks).toList());
    assertEquals(
        List.of(new HealthPlan.HealthEvent(false, "[node=n4] rebooted (boot id boot-1 -> boot-2)")),
        p.events());
  }
}
