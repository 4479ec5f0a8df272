package org.maintd.roll;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Greedy colourings of a conflict graph, each vertex taking the smallest colour none of its
 * neighbours has, in three orders: largest degree first (ties: higher index first), DSatur (most
 * distinct neighbour colours, then degree, then higher index) and DColor (most coloured neighbour
 * edges, then degree, then higher index). The orders and tie-breaks are hroller's, so the same
 * graph gets the same colours; the dynamic orders use priority queues instead of hroller's rescans,
 * which makes them run in O(E log V). Iterated greedy ({@link #fewer}) finds colourings with fewer
 * colours from the best of those.
 */
final class Colorings {
  private Colorings() {}

  /** hroller's three colourings, in its order: largest first, DSatur, DColor. */
  static List<int[]> hrollers(ConflictGraph g) {
    return List.of(largestFirst(g), dsatur(g), dcolor(g));
  }

  /**
   * The colour classes (vertex lists, ascending) of the colouring with the fewest colours among
   * {@code colorings}, the first of equals.
   */
  static List<List<Integer>> best(List<int[]> colorings) {
    List<List<Integer>> best = classes(colorings.get(0));
    for (int[] colors : colorings.subList(1, colorings.size())) {
      List<List<Integer>> classes = classes(colors);
      if (classes.size() < best.size()) {
        best = classes;
      }
    }
    return best;
  }

  /**
   * Colourings with fewer colours than {@code start}, by iterated greedy: in each of {@code rounds}
   * rounds the vertices are coloured again class by class (the classes in reverse, largest first,
   * scrambled by the round's number, or smallest first, in turn; within a class in order), each
   * taking the smallest colour none of its neighbours has, which never needs more colours than the
   * classes it began with. The first is {@code start}; each later one has fewer classes than the
   * one before.
   */
  static List<List<List<Integer>>> fewer(ConflictGraph g, List<List<Integer>> start, int rounds) {
    List<List<List<Integer>>> out = new ArrayList<>(List.of(start));
    List<List<Integer>> current = start;
    for (int r = 0; r < rounds; r++) {
      current = classes(recolor(g, order(current, r)));
      if (current.size() < out.get(out.size() - 1).size()) {
        out.add(current);
      }
    }
    return out;
  }

  /** The classes in the order round {@code r} of iterated greedy takes them in. */
  private static List<List<Integer>> order(List<List<Integer>> classes, int r) {
    List<List<Integer>> out = new ArrayList<>(classes);
    switch (r % 4) {
      case 0 -> java.util.Collections.reverse(out);
      case 1 -> out.sort(Comparator.<List<Integer>>comparingInt(List::size).reversed());
      case 2 -> out.sort(Comparator.comparingInt(c -> mixed(c.get(0), r)));
      default -> out.sort(Comparator.comparingInt(List::size));
    }
    return out;
  }

  /** A scrambled but fixed number for vertex {@code v} in round {@code r}: a shuffle's key. */
  private static int mixed(int v, int r) {
    int h = (v + 1) * 0x9E3779B9 ^ (r + 1) * 0x85EBCA6B;
    return Integer.rotateLeft(h ^ (h >>> 16), 13) * 0xC2B2AE35;
  }

  private static int[] recolor(ConflictGraph g, List<List<Integer>> order) {
    int[] colors = uncolored(g.size());
    BitSet scratch = new BitSet();
    for (List<Integer> c : order) {
      for (int v : c) {
        colors[v] = smallestFree(g, colors, v, scratch);
      }
    }
    return colors;
  }

  static int[] largestFirst(ConflictGraph g) {
    Integer[] order = new Integer[g.size()];
    for (int v = 0; v < order.length; v++) {
      order[v] = v;
    }
    java.util.Arrays.sort(
        order,
        Comparator.<Integer>comparingInt(g::degree)
            .reversed()
            .thenComparing(Comparator.<Integer>reverseOrder()));
    int[] colors = uncolored(g.size());
    BitSet scratch = new BitSet();
    for (int v : order) {
      colors[v] = smallestFree(g, colors, v, scratch);
    }
    return colors;
  }

  static int[] dsatur(ConflictGraph g) {
    BitSet[] seen = new BitSet[g.size()];
    for (int v = 0; v < seen.length; v++) {
      seen[v] = new BitSet();
    }
    return dynamic(g, (v, c) -> seen[v].set(c), v -> seen[v].cardinality());
  }

  static int[] dcolor(ConflictGraph g) {
    int[] coloredEdges = new int[g.size()];
    return dynamic(g, (v, c) -> coloredEdges[v]++, v -> coloredEdges[v]);
  }

  private interface Note {
    void neighbourColored(int v, int color);
  }

  private interface Rank {
    int of(int v);
  }

  /** Colours the vertex of highest (rank, degree, index) next; ranks only grow. */
  private static int[] dynamic(ConflictGraph g, Note note, Rank rank) {
    int[] colors = uncolored(g.size());
    PriorityQueue<int[]> queue =
        new PriorityQueue<>(
            Comparator.<int[]>comparingInt(e -> -e[1])
                .thenComparingInt(e -> -g.degree(e[0]))
                .thenComparingInt(e -> -e[0]));
    for (int v = 0; v < g.size(); v++) {
      queue.add(new int[] {v, 0});
    }
    BitSet scratch = new BitSet();
    while (!queue.isEmpty()) {
      int[] top = queue.poll();
      int v = top[0];
      if (colors[v] >= 0 || top[1] != rank.of(v)) {
        continue;
      }
      int c = smallestFree(g, colors, v, scratch);
      colors[v] = c;
      for (int u : g.adjacency[v]) {
        if (colors[u] < 0) {
          int before = rank.of(u);
          note.neighbourColored(u, c);
          int after = rank.of(u);
          if (after != before) {
            queue.add(new int[] {u, after});
          }
        }
      }
    }
    return colors;
  }

  private static int smallestFree(ConflictGraph g, int[] colors, int v, BitSet scratch) {
    scratch.clear();
    for (int u : g.adjacency[v]) {
      if (colors[u] >= 0) {
        scratch.set(colors[u]);
      }
    }
    return scratch.nextClearBit(0);
  }

  private static int[] uncolored(int n) {
    int[] colors = new int[n];
    java.util.Arrays.fill(colors, -1);
    return colors;
  }

  static List<List<Integer>> classes(int[] colors) {
    List<List<Integer>> classes = new ArrayList<>();
    for (int v = 0; v < colors.length; v++) {
      while (classes.size() <= colors[v]) {
        classes.add(new ArrayList<>());
      }
      classes.get(colors[v]).add(v);
    }
    return classes;
  }
}
