package org.maintd.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.machine.MachineMode;
import org.maintd.testing.ClusterBuilder;

/**
 * A machine whose node was changed outside maintd: DOWN with its node online again and no job on it
 * follows its node (DRAIN while drained, else UP in the schedule) with a notice; every other case
 * is left as it is.
 */
class ModeFollowsNodeTest {
  static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);

  static Maintenance scheduled(MachineMode mode) {
    Window w =
        new Window(
            List.of(MachineId.of("N2")),
            1_800_003_600_000_000_000L,
            OptionalLong.empty(),
            false,
            false);
    Maintenance m = Maintenance.empty().withSchedule(new Schedule(List.of(w)));
    return mode == MachineMode.UP
        ? m
        : m.withMode(new MaintenanceMode("N2", mode, NOW.minusSeconds(600), "taken down"));
  }

  static Cluster cluster(boolean offline, boolean drained) {
    return new ClusterBuilder()
        .node("n1.example.com", "g", 8192, 100000, true)
        .node("n2.example.com", "g", 8192, 100000, false)
        .build()
        .withNode(
            "n2.example.com",
            n -> n.withFlags(n.flags().withDrained(drained).withOffline(offline)));
  }

  @ParameterizedTest(name = "{0}, node offline {1}, drained {2}, a job has it {3}: {4}")
  @CsvSource({
    "DOWN, true, true, false, DOWN",
    "DOWN, true, false, false, DOWN",
    "DOWN, false, true, false, DRAIN",
    "DOWN, false, false, false, UP",
    "DOWN, false, false, true, DOWN",
    "DOWN, false, true, true, DOWN",
    "DRAIN, false, false, false, DRAIN",
    "DRAIN, true, true, false, DRAIN",
    "UP, false, false, false, UP",
    "UP, true, false, false, UP"
  })
  void aDownMachineWhoseNodeIsOnlineAgainFollowsItsNode(
      MachineMode mode, boolean offline, boolean drained, boolean busy, MachineMode expected) {
    Maintenance before = scheduled(mode);
    Maintenance after =
        ModeFollowsNode.follow(
            before, cluster(offline, drained), busy ? Set.of("n2.example.com") : Set.of(), NOW);
    assertEquals(expected, after.modeOf("n2.example.com"));
    assertEquals(before.schedule(), after.schedule(), "its window stays");
    assertEquals(before.version(), after.version());
    boolean followed = mode == MachineMode.DOWN && expected != MachineMode.DOWN;
    if (!followed) {
      assertEquals(before, after, "left as it is");
      return;
    }
    String what =
        "n2.example.com was set online outside maintd while DOWN for maintenance: "
            + (expected == MachineMode.DRAIN
                ? "DRAIN, as it is still drained"
                : "UP, as it is neither drained nor offline; its window stays in the schedule");
    assertEquals(
        Optional.of(new MachineNotice.ChangedByHand("n2.example.com", what, NOW)),
        after.notice("n2.example.com"));
    if (expected == MachineMode.DRAIN) {
      assertEquals(what, after.mode("n2.example.com").orElseThrow().reason());
      assertEquals(NOW, after.mode("n2.example.com").orElseThrow().since());
    }
  }

  @ParameterizedTest(name = "a DOWN machine whose node is {0} is left as it is")
  @CsvSource({"n9", "n2"})
  void aMachineThatNamesNoOneNodeIsLeftAsItIs(String hostname) {
    Cluster twoAlike =
        new ClusterBuilder()
            .node("n1.example.com", "g", 8192, 100000, true)
            .node("n2.a.example.com", "g", 8192, 100000, false)
            .node("n2.b.example.com", "g", 8192, 100000, false)
            .build();
    Window w =
        new Window(
            List.of(MachineId.of(hostname)),
            1_800_003_600_000_000_000L,
            OptionalLong.empty(),
            false,
            false);
    Maintenance m =
        Maintenance.empty()
            .withSchedule(new Schedule(List.of(w)))
            .withMode(new MaintenanceMode(hostname, MachineMode.DOWN, NOW, "down"));
    assertEquals(m, ModeFollowsNode.follow(m, twoAlike, Set.of(), NOW));
  }
}
