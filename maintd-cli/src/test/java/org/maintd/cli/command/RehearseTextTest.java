package org.maintd.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.protocol.api.RehearsalView;

/** The table {@code maintctl rehearse} prints: hbal's score of each group, as hbal prints it. */
class RehearseTextTest {
  private static RehearsalView view(List<RehearsalView.Score> scores) {
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
        scores);
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
    assertTrue(lines.get(5).isEmpty(), text);
  }

  @Test
  void noGroupWithNodesPrintsNoScoreLine() {
    assertTrue(RehearseCommand.text(view(List.of())).lines().noneMatch(l -> l.contains("hbal")));
  }
}
