package org.maintd.roll;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Which nodes may not reboot together. Vertices are the node indices from the lowest to the highest
 * selected node (nodes in between that are not selected stay as isolated vertices, as in hroller);
 * edges join the primary and the secondary of every DRBD instance (once per instance, so a pair may
 * be joined several times) and, for online maintenance, the primaries of any two instances sharing
 * a secondary (a node joins itself when two of its instances share one). Edges touching a node that
 * is not selected are dropped.
 */
final class ConflictGraph {
  final int low;
  final int[][] adjacency;

  private ConflictGraph(int low, int[][] adjacency) {
    this.low = low;
    this.adjacency = adjacency;
  }

  int size() {
    return adjacency.length;
  }

  int degree(int v) {
    return adjacency[v].length;
  }

  static ConflictGraph build(Layout layout, boolean[] selected, boolean online) {
    int low = -1;
    int high = -1;
    for (int n = 0; n < selected.length; n++) {
      if (selected[n]) {
        low = low < 0 ? n : low;
        high = n;
      }
    }
    if (low < 0) {
      throw new RollException("Cannot create node graph");
    }
    List<long[]> edges = new ArrayList<>();
    Set<Long> instanceEdges = new HashSet<>();
    for (int i = 0; i < layout.instanceCount(); i++) {
      if (layout.hasSecondary(i)) {
        int p = layout.primary(i);
        int s = layout.secondary(i);
        edges.add(new long[] {p, s});
        edges.add(new long[] {s, p});
        instanceEdges.add(key(p, s));
        instanceEdges.add(key(s, p));
      }
    }
    if (online) {
      Set<Long> shared = new HashSet<>();
      for (int n = 0; n < layout.nodeCount(); n++) {
        List<Integer> secondaries = layout.secondaryList(n);
        for (int a : secondaries) {
          for (int b : secondaries) {
            long k = key(layout.primary(a), layout.primary(b));
            if (!instanceEdges.contains(k) && shared.add(k)) {
              edges.add(new long[] {layout.primary(a), layout.primary(b)});
            }
          }
        }
      }
    }
    int size = high - low + 1;
    int[] counts = new int[size];
    for (long[] e : edges) {
      if (valid(e, selected)) {
        counts[(int) e[0] - low]++;
      }
    }
    int[][] adjacency = new int[size][];
    for (int v = 0; v < size; v++) {
      adjacency[v] = new int[counts[v]];
    }
    int[] fill = new int[size];
    for (long[] e : edges) {
      if (valid(e, selected)) {
        int u = (int) e[0] - low;
        adjacency[u][fill[u]++] = (int) e[1] - low;
      }
    }
    return new ConflictGraph(low, adjacency);
  }

  private static boolean valid(long[] e, boolean[] selected) {
    return selected[(int) e[0]] && selected[(int) e[1]];
  }

  private static long key(int a, int b) {
    return ((long) a << 32) | (b & 0xffffffffL);
  }
}
