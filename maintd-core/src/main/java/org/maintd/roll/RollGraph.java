package org.maintd.roll;

import java.util.ArrayList;
import java.util.List;

/**
 * The conflict graph reboot groups are coloured from, and hroller's three colourings of it, as
 * hroller shows them with {@code -v -v}: vertices are node indices (the position of a node in the
 * cluster) from {@code low} to {@code low + adjacency.size() - 1}, nodes in between that are not
 * selected included, without edges; each vertex's neighbours are in hroller's order (the edge found
 * last first; a pair joined by several instances, or a node joined to itself, as often as it is).
 * Each colouring is named as hroller names it ({@code LF}, {@code Dsatur}, {@code Dcolor}, in that
 * order) with the size of each colour class, colour 0 first.
 */
public record RollGraph(int low, List<List<Integer>> adjacency, List<Colouring> colourings) {
  public RollGraph {
    adjacency = adjacency.stream().map(List::copyOf).toList();
    colourings = List.copyOf(colourings);
  }

  /** One colouring: the algorithm's name and how many vertices took each colour. */
  public record Colouring(String algorithm, List<Integer> classSizes) {
    public Colouring {
      classSizes = List.copyOf(classSizes);
    }

    /** How many colours it needs. */
    public int colours() {
      return classSizes.size();
    }
  }

  static RollGraph of(ConflictGraph g, List<int[]> hrollers) {
    List<List<Integer>> adjacency = new ArrayList<>();
    for (int v = 0; v < g.size(); v++) {
      List<Integer> neighbours = new ArrayList<>();
      for (int i = g.adjacency[v].length - 1; i >= 0; i--) {
        neighbours.add(g.adjacency[v][i] + g.low);
      }
      adjacency.add(neighbours);
    }
    List<String> names = List.of("LF", "Dsatur", "Dcolor");
    List<Colouring> colourings = new ArrayList<>();
    for (int a = 0; a < names.size(); a++) {
      List<Integer> sizes = Colorings.classes(hrollers.get(a)).stream().map(List::size).toList();
      colourings.add(new Colouring(names.get(a), sizes));
    }
    return new RollGraph(g.low, adjacency, colourings);
  }
}
