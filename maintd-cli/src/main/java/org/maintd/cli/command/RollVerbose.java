package org.maintd.cli.command;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.maintd.roll.RollGraph;

/**
 * What hroller prints on stdout as it grows more verbose (its level starts at 1; each {@code -v}
 * adds one, each {@code -q} takes one away): from level 3 the conflict graph as Haskell shows its
 * array ({@code Node Graph: array (0,3) [(0,[2,1]),...]}), as soon as it is made; from level 2,
 * once the groups are planned, how the three colourings did ({@code Dcolor: 3 (1,2,1) TIE Dsatur: 3
 * (1,2,1) LOOSE LF: 4 (1,1,1,1)}). Stateless.
 */
final class RollVerbose {
  private RollVerbose() {}

  /** hroller's {@code Node Graph:} line, without its line end. */
  static String graph(RollGraph g) {
    List<String> vertices = new ArrayList<>();
    for (int v = 0; v < g.adjacency().size(); v++) {
      String neighbours =
          g.adjacency().get(v).stream().map(String::valueOf).collect(Collectors.joining(","));
      vertices.add("(" + (g.low() + v) + ",[" + neighbours + "])");
    }
    int high = g.low() + g.adjacency().size() - 1;
    return "Node Graph: array (" + g.low() + "," + high + ") [" + String.join(",", vertices) + "]";
  }

  /**
   * hroller's line on the colourings: ordered from the fewest colours to the most (among equals the
   * one hroller tries last first), each after the first preceded by {@code TIE} when it needs as
   * many colours as the one before it, by {@code LOOSE} (sic) when it needs more.
   */
  static String colourings(List<RollGraph.Colouring> colourings) {
    List<RollGraph.Colouring> bySize = new ArrayList<>(colourings);
    bySize.sort(Comparator.comparingInt(RollGraph.Colouring::colours).reversed());
    StringBuilder line = new StringBuilder();
    int before = 0;
    for (int i = bySize.size() - 1; i >= 0; i--) {
      RollGraph.Colouring c = bySize.get(i);
      if (before == 0) {
        line.setLength(0);
      } else {
        line.append(before == c.colours() ? " TIE " : " LOOSE ");
      }
      line.append(stat(c));
      before = c.colours();
    }
    return line.toString();
  }

  private static String stat(RollGraph.Colouring c) {
    String sizes = c.classSizes().stream().map(String::valueOf).collect(Collectors.joining(","));
    return c.algorithm() + ": " + c.colours() + " (" + sizes + ")";
  }
}
