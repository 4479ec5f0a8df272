package org.maintd.cluster;

import java.util.Locale;

/**
 * How node names compare across sources (the cluster, a collector's own configuration, a host
 * name): without regard to case, and a short name matches its fully qualified one ({@code node1}
 * and {@code node1.example.com}). Stateless.
 */
public final class NodeNames {
  private NodeNames() {}

  public static boolean same(String a, String b) {
    if (a == null || b == null) {
      return false;
    }
    String x = a.toLowerCase(Locale.ROOT);
    String y = b.toLowerCase(Locale.ROOT);
    return x.equals(y)
        || (x.indexOf('.') < 0) != (y.indexOf('.') < 0)
            && (x.startsWith(y + ".") || y.startsWith(x + "."));
  }
}
