package org.maintd.maintenance;

import java.util.regex.Pattern;

/** Whether a text is an IPv4 or IPv6 address, by its form alone (no lookup). Stateless. */
final class IpLiteral {
  private static final Pattern V4 =
      Pattern.compile(
          "((25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])\\.){3}"
              + "(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])");
  private static final Pattern GROUP = Pattern.compile("[0-9A-Fa-f]{1,4}");

  private IpLiteral() {}

  static boolean valid(String text) {
    return V4.matcher(text).matches() || v6(text);
  }

  /**
   * Eight groups of one to four hex digits, or fewer with one {@code ::} for the rest; the last two
   * may be written as an IPv4 address at the very end ({@code ::ffff:192.0.2.1}).
   */
  private static boolean v6(String text) {
    String hex = text;
    int groups = 0;
    int lastColon = text.lastIndexOf(':');
    if (lastColon >= 0 && text.indexOf('.', lastColon) >= 0) {
      if (!V4.matcher(text.substring(lastColon + 1)).matches()) {
        return false;
      }
      hex = text.substring(0, lastColon + 1);
      hex = hex.endsWith("::") ? hex : hex.substring(0, hex.length() - 1);
      groups = 2;
    }
    int gap = hex.indexOf("::");
    if (gap != hex.lastIndexOf("::") || hex.contains(":::")) {
      return false;
    }
    if (gap < 0) {
      int n = count(hex);
      return n >= 0 && n + groups == 8;
    }
    int head = count(hex.substring(0, gap));
    int tail = count(hex.substring(gap + 2));
    return head >= 0 && tail >= 0 && head + tail + groups <= 7;
  }

  /** How many hex groups {@code part} holds, separated by single colons; -1 when it is not that. */
  private static int count(String part) {
    if (part.isEmpty()) {
      return 0;
    }
    String[] groups = part.split(":", -1);
    for (String g : groups) {
      if (!GROUP.matcher(g).matches()) {
        return -1;
      }
    }
    return groups.length;
  }
}
