package org.maintd.cli.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A table keeps one row per line whatever its cells hold: a name with a line break, a tab, a
 * terminal escape or a bidirectional override is shown escaped in its cell, so that no name can
 * fake a row or recolour the screen.
 */
class TableTest {
  @Test
  void aCellThatHoldsALineBreakCannotFakeARow() {
    String rendered =
        new Table("MACHINE", "MODE")
            .row("new\nERROR Forged log line", "UP")
            .row("esc\u001b[31mred", "UP")
            .row("rlo\u202etxt.exe", "DOWN")
            .row("tab\there", null)
            .render();
    assertEquals(
        List.of(
            "MACHINE                     MODE",
            "new\\nERROR Forged log line  UP",
            "esc\\u001b[31mred            UP",
            "rlo\\u202etxt.exe            DOWN",
            "tab\\there"),
        rendered.lines().toList());
  }

  @Test
  void printableCellsAreShownAsTheyAre() {
    assertEquals(
        "NODE   REASON\nnode3  Wartung für Knoten — 维护\n",
        new Table("NODE", "REASON").row("node3", "Wartung für Knoten — 维护").render());
  }
}
