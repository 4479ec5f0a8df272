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

  private static boolean v6(String text) {
    int gap = text.indexOf("::");
    if (gap != text.lastIndexOf("::") || text.contains(":::")) {
      return false;
    }
    String[] parts;
    int groups;
    if (gap >= 0) {
      String head = text.substring(0, gap);
      String tail = text.substring(gap + 2);
      parts = (head + (head.isEmpty() || tail.isEmpty() ? "" : ":") + tail).split(":", -1);
      if (head.isEmpty() && tail.isEmpty()) {
        return true;
      }
      groups = parts.length;
      if (groups > 7) {
        return false;
      }
    } else {
      parts = text.split(":", -1);
      groups = parts.length;
      if (groups != 8 && !(groups == 7 && V4.matcher(parts[6]).matches())) {
        return false;
      }
    }
    for (int i = 0; i < parts.length; i++) {
      boolean lastAsV4 = i == parts.length - 1 && V4.matcher(parts[i]).matches();
      if (!lastAsV4 && !GROUP.matcher(parts[i]).matches()) {
        return false;
      }
    }
    return true;
  }
}
