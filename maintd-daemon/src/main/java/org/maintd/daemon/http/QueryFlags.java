package org.maintd.daemon.http;

import org.eclipse.jetty.util.Fields;

/**
 * Flag query parameters: {@code ?force}, {@code ?force=1} or {@code ?force=true} set; {@code 0},
 * {@code false} or absent not.
 */
final class QueryFlags {
  private QueryFlags() {}

  static boolean flag(Fields query, String name) {
    String v = query.getValue(name);
    if (v == null) {
      return false;
    }
    if (v.equals("1") || v.equals("true") || v.isEmpty()) {
      return true;
    }
    if (v.equals("0") || v.equals("false")) {
      return false;
    }
    throw new IllegalArgumentException(
        "parameter '" + name + "' is a flag: 1 or 0, not '" + v + "'");
  }
}
