package org.maintd.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.job.Operation;
import org.maintd.machine.MachineMode;
import org.maintd.machine.Verdict;
import org.maintd.safety.Allowance;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.UnavailabilityLedger;
import org.maintd.testing.ClusterBuilder;
import org.maintd.testing.Verdicts;

/** Taking a machine DOWN, as Mesos' /machine/down, with maintd's force and caps. */
class MachineDownTest {
  static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);

  static Cluster cluster(boolean n2Drained, boolean withInstance) {
    ClusterBuilder b =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 8192, 100000, false);
    if (withInstance) {
      b.instance("i1", "n2", "", DiskTemplate.SHAREDFILE);
    }
    Cluster c = b.build();
    return n2Drained ? c.withNode("n2", n -> n.withFlags(n.flags().withDrained(true))) : c;
  }

  static Maintenance scheduled(MachineMode mode, String... machines) {
    Window w =
        new Window(
            java.util.Arrays.stream(machines).map(MachineId::of).toList(),
            1_800_003_600_000_000_000L,
            OptionalLong.empty(),
            false,
            false);
    Maintenance m = Maintenance.empty().withSchedule(new Schedule(List.of(w)));
    return mode == MachineMode.UP
        ? m
        : m.withMode(new MaintenanceMode(machines[0], mode, NOW, "test"));
  }

  private static Verdict<MachineDown.TakeDown> decide(
      Cluster c, Maintenance m, String caps, String host, boolean force) {
    return new MachineDown(
            c,
            m,
            List.of(),
            new UnavailabilityLedger(c, new SafetyCaps(Allowance.parse(caps), List.of())))
        .decide(c.node(host).orElseThrow(), force, "admin", NOW);
  }

  @Test
  void aDrainedMachineWithNoInstanceGoesDownThroughAnOfflineJob() {
    MachineDown.TakeDown.Now a =
        (MachineDown.TakeDown.Now)
            Verdicts.allowed(
                decide(cluster(true, false), scheduled(MachineMode.DRAIN, "n2"), "1", "n2", false));
    assertEquals("n2", a.node());
    assertEquals(List.of(Operation.SetNodeFlags.offline("n2")), a.job().operations());
    assertEquals("machine:n2", a.job().owner());
    assertEquals(MachineMode.DOWN, a.mode().mode());
    assertEquals("n2", a.mode().hostname());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "not scheduled | false | false | n3 | false | n3 is not part of the maintenance schedule:"
            + " schedule it first (its window may start now)",
        "UP without force | false | false | n2 | false | n2 is not in DRAIN mode and cannot be"
            + " brought down yet (--force takes it down anyway)",
        "instances left | true | true | n2 | false | n2 still has instances: i1 (--force takes it"
            + " down anyway)",
      })
  void aMachineNotReadyToGoDownIsRefusedSayingWhy(
      String what, boolean drain, boolean instance, String host, boolean force, String why) {
    Maintenance m = scheduled(drain ? MachineMode.DRAIN : MachineMode.UP, "n2");
    assertEquals(
        new Verdict.Refused<>(host, why), decide(cluster(drain, instance), m, "1", host, force));
  }

  @Test
  void forceTakesItDownFromUpWithItsInstancesButNeverPastTheCap() {
    Cluster c = cluster(false, true).withNode("n3", n -> n.withFlags(n.flags().withDrained(true)));
    assertEquals(
        new Verdict.Refused<>(
            "n2",
            "cap: group g already has 1 node(s) out of service (n3), maxUnavailable allows 1 (1)"),
        decide(c, scheduled(MachineMode.UP, "n2"), "1", "n2", true));
    assertInstanceOf(
        Verdict.Allowed.class, decide(c, scheduled(MachineMode.UP, "n2"), "2", "n2", true));
  }

  @Test
  void aMachineAlreadyDownIsRefused() {
    assertEquals(
        new Verdict.Refused<>("n2", "n2 is already DOWN"),
        decide(cluster(true, false), scheduled(MachineMode.DOWN, "n2"), "1", "n2", true));
  }

  /**
   * A forced down with an instance left on n2: what it accepts, by n2's mode and flags and those of
   * the other nodes (n1, the master, and n3); or why it is refused up front.
   */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "DRAIN, drained | DRAIN | true | ok | once i1 moved",
        "UP, undrained: drained first | UP | false | ok | drain first, once i1 moved",
        "n1 and n3 drained too: i1 could go nowhere | DRAIN | true | drained | n2 cannot be taken down:"
            + " i1 could not move off it, no other node of its group takes instances (all drained"
            + " or offline)",
        "n1 and n3 offline: the same | DRAIN | true | offline | n2 cannot be taken down: i1 could not"
            + " move off it, no other node of its group takes instances (all drained or offline)",
        "already going down | GOING | true | ok | n2 is already going DOWN, forced by ops: once i1"
            + " moved",
      })
  void aForcedDownWithInstancesLeftGoesDownOnceTheyMovedOrIsRefusedUpFront(
      String what, String mode, boolean drained, String n3, String expected) {
    java.util.function.UnaryOperator<org.maintd.cluster.Node> others =
        n ->
            n.withFlags(
                n.flags().withDrained(n3.equals("drained")).withOffline(n3.equals("offline")));
    Cluster c = cluster(drained, true).withNode("n1", others).withNode("n3", others);
    Maintenance m =
        mode.equals("GOING")
            ? scheduled(MachineMode.UP, "n2")
                .withMode(
                    new MaintenanceMode(
                        "n2",
                        MachineMode.DRAIN,
                        NOW,
                        "going DOWN, forced by ops: once i1 moved",
                        true))
            : scheduled(MachineMode.valueOf(mode), "n2");
    Verdict<MachineDown.TakeDown> v = decide(c, m, "2", "n2", true);
    if (!expected.contains("once i1 moved") || mode.equals("GOING")) {
      assertEquals(new Verdict.Refused<>("n2", expected), v, what);
      return;
    }
    MachineDown.TakeDown.OnceEmpty once =
        assertInstanceOf(MachineDown.TakeDown.OnceEmpty.class, Verdicts.allowed(v));
    assertEquals(List.of("i1"), once.left());
    assertEquals(expected.startsWith("drain first"), once.drainFirst());
    assertEquals(MachineMode.DRAIN, once.mode().mode());
    assertEquals(true, once.mode().goingDown());
    assertEquals("going DOWN, forced by admin: once i1 moved", once.mode().reason());
  }

  @Test
  void aDeclineTagIsAnAnswerUntilTheTagGoes() {
    Cluster c =
        cluster(true, true)
            .withInstance("i1", i -> i.withTags(List.of(Consents.DECLINE_TAG + "batch job")));
    Maintenance m = scheduled(MachineMode.DRAIN, "n2");
    Maintenance seen = Consents.observe(m, c, java.util.Map.of(), NOW);
    assertEquals(
        List.of(
            new Consent(
                "i1", "n2", Consent.Answer.DECLINE, "batch job", NOW, Optional.empty(), "tag")),
        seen.consents());
    assertEquals(seen, Consents.observe(seen, c, java.util.Map.of(), NOW.plusSeconds(9)));
    Cluster untagged = c.withInstance("i1", i -> i.withTags(List.of()));
    assertEquals(List.of(), Consents.observe(seen, untagged, java.util.Map.of(), NOW).consents());
    assertInstanceOf(
        Consents.Status.Pending.class,
        Consents.of(untagged.instance("i1").orElseThrow(), "n2", List.of(), true));
    assertInstanceOf(
        Consents.Status.Free.class,
        Consents.of(untagged.instance("i1").orElseThrow(), "n2", List.of(), false));
  }
}
