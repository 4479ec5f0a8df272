package org.maintd.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.protocol.api.RehearsalView;

/**
 * The table {@code maintctl rehearse} prints: hbal's score of each group, as hbal prints it; when
 * the snapshot played was read and what changed in the cluster since.
 */
class RehearseTextTest {
  private static final RehearsalView.Snapshot UNCHANGED =
      new RehearsalView.Snapshot(1.8e9 - 40, List.of());

  private static RehearsalView view(List<RehearsalView.Score> scores) {
    return view(scores, UNCHANGED);
  }

  private static RehearsalView view(
      List<RehearsalView.Score> scores, RehearsalView.Snapshot snapshot) {
    return new RehearsalView(
        "drain n2",
        1.8e9,
        1.8e9 + 50,
        50,
        6,
        new RehearsalView.Ending("done", "n2 is drained and holds no instance"),
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        scores,
        snapshot);
  }

  @Test
  void eachGroupsScoreIsOneLineWithEightDecimalsAsHbalPrintsThem() {
    String text =
        RehearseCommand.text(
            view(
                List.of(
                    new RehearsalView.Score("default", 1.607262103159365, 1.1979166666666667),
                    new RehearsalView.Score("rack\nB", 0, 12.5))));
    List<String> lines = text.lines().toList();
    assertEquals("hbal score, group default: 1.60726210 before, 1.19791667 after", lines.get(3));
    assertEquals("hbal score, group rack\\nB: 0.00000000 before, 12.50000000 after", lines.get(4));
    assertTrue(lines.get(5).startsWith("played on the snapshot"), text);
  }

  @Test
  void noGroupWithNodesPrintsNoScoreLine() {
    assertTrue(RehearseCommand.text(view(List.of())).lines().noneMatch(l -> l.contains("hbal")));
  }

  @Test
  void theSnapshotsAgeIsSaidAndEveryChangeSinceIsARowEscaped() {
    String text =
        RehearseCommand.text(
            view(
                List.of(),
                new RehearsalView.Snapshot(
                    1.8e9 - 90, List.of("node n4 is now drained", "node n\u001b[31m is new"))));
    List<String> lines = text.lines().toList();
    assertEquals(
        "played on the snapshot read at 2027-01-15 07:58:30Z (1m30s before the rehearsal)",
        lines.get(3));
    int at = lines.indexOf("changed since the snapshot:");
    assertTrue(at > 0, text);
    assertEquals(List.of("CHANGE", "node n4 is now drained"), lines.subList(at + 1, at + 3));
    assertEquals(List.of("node n\\u001b[31m is new"), lines.subList(at + 3, lines.size()));
  }

  @Test
  void anUnchangedSnapshotSaysSoAndOneReadAtAnUnknownTimeSaysThat() {
    assertTrue(RehearseCommand.text(view(List.of())).contains("changed since the snapshot: none"));
    String unknown =
        RehearseCommand.text(view(List.of(), new RehearsalView.Snapshot(null, List.of())));
    assertTrue(
        unknown.contains("played on the daemon's last snapshot (when it was read is not known)"),
        unknown);
  }
}
