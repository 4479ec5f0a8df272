package org.maintd.cli;

import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Free spindles on exclusive-storage nodes (node field 11 {@code Y}, free spindles in field 12; an
 * instance's spindles in field 11, {@code -} when unknown): a local-storage instance goes to an
 * exclusive-storage node only if it leaves no fewer than zero free spindles there, each placement
 * uses them up, and an instance whose spindles are unknown never goes there. Moving an instance off
 * a node gives its spindles back, so a DRBD migration between two full nodes fits.
 *
 * <ul>
 *   <li>{@code spindles-move.data}: node-1 (tagged {@code reboot}, the only one selected) holds
 *       four plain instances, placed newest first: inst-a (1 spindle) takes node-2's only free
 *       spindle, inst-b (1) finds none left there and goes to node-3 (3 free), inst-two (2) takes
 *       node-3's last two, and inst-dash (unknown) only fits on node-4, which has no exclusive
 *       storage.
 *   <li>{@code spindles-evacuate.data}: node-1, node-2 and node-5 have no free spindle; node-1's
 *       DRBD instances (1 spindle each, secondaries node-2 and node-5) migrate off it, which fits
 *       only because each move gives its spindles back first; then their new secondaries: inst-d1
 *       takes node-3's only spindle, and inst-d2 finds node-2, node-3 full and goes to node-4.
 *   <li>{@code spindles-diskless.data}: a diskless instance of unknown spindles is not refused by
 *       an exclusive-storage node (it uses no local storage), but leaves the node's free spindles
 *       below zero, as hroller does, so the plain instance after it goes elsewhere.
 * </ul>
 */
class HrollerSpindlesTest {
  @TempDir static Path tmp;

  static Stream<PinnedRoll.Case> cases() {
    return Stream.of(
        PinnedRoll.ok(
            "free spindles refuse a target, and each placement uses them up",
            "spindles-move.data",
            "--no-headers --print-moves --node-tags reboot",
            """
            node-1
              inst-dash node-4
              inst-two node-3
              inst-b node-3
              inst-a node-2
            """),
        PinnedRoll.fails(
            "an instance of unknown spindles fits no exclusive-storage node",
            "spindles-move.data",
            "--no-headers --print-moves --node-tags reboot -O node-4",
            "Error: Not enough capacity to move non-redundant instances\n"),
        PinnedRoll.ok(
            "every node selected: node-2 and node-3 reboot with node-1, all go to node-4",
            "spindles-move.data",
            "--no-headers --print-moves",
            """
            node-1,node-2,node-3
              inst-dash node-4
              inst-two node-4
              inst-b node-4
              inst-a node-4
            node-4
            """),
        PinnedRoll.ok(
            "migrations between full nodes fit, new secondaries use up free spindles",
            "spindles-evacuate.data",
            "--no-headers --print-moves --full-evacuation --node-tags reboot",
            """
            node-1
              inst-d1 node-2 node-3
              inst-d2 node-5 node-4
            """),
        PinnedRoll.fails(
            "no free spindle left for a new secondary",
            "spindles-evacuate.data",
            "--no-headers --print-moves --full-evacuation --node-tags reboot -O node-4",
            "Error: Not enough capacity to move secondaries\n"),
        PinnedRoll.ok(
            "full evacuation of every node",
            "spindles-evacuate.data",
            "--no-headers --print-moves --full-evacuation",
            """
            node-1,node-3
              inst-d1 node-2 node-4
              inst-d2 node-5 node-4
            node-4
            node-2,node-5
              inst-d1 node-1 node-3
              inst-d2 node-1 node-4
            """),
        PinnedRoll.ok(
            "a diskless instance leaves its target's free spindles below zero",
            "spindles-diskless.data",
            "--no-headers --print-moves --node-tags reboot",
            """
            node-1
              inst-p node-3
              inst-dl node-2
            """),
        PinnedRoll.ok(
            "node-3 offline: the plain instance goes where storage is not exclusive",
            "spindles-diskless.data",
            "--no-headers --print-moves --node-tags reboot -O node-3",
            """
            node-1
              inst-p node-4
              inst-dl node-2
            """));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void maintctlAnswersAsPinned(PinnedRoll.Case c) throws Exception {
    PinnedRoll.assertMaintctl(c, tmp);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void hrollerAnswersAsPinned(PinnedRoll.Case c) throws Exception {
    PinnedRoll.assertHroller(c, tmp);
  }
}
