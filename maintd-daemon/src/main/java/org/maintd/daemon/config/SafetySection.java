package org.maintd.daemon.config;

import org.maintd.config.ConfigSection;
import org.maintd.safety.Allowance;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;

/**
 * The keys of the safety caps in {@code maintd.yaml}: {@code maxUnavailable} (a count or a
 * percentage of the group), {@code failureDomains} (node-tag prefixes) and {@code stormThreshold}
 * (a percentage), each bad value told with its key. Stateless.
 */
final class SafetySection {
  private SafetySection() {}

  static SafetyCaps caps(ConfigSection root) {
    return new SafetyCaps(
        allowance(root, "maxUnavailable", "1"), root.stringList("failureDomains"));
  }

  static StormGuard storm(ConfigSection root) {
    return new StormGuard(percentage(root, "stormThreshold", 30));
  }

  private static Allowance allowance(ConfigSection c, String key, String fallback) {
    String text = c.string(key, fallback);
    try {
      return Allowance.parse(text);
    } catch (IllegalArgumentException e) {
      c.problem(key, e.getMessage());
      return Allowance.parse(fallback);
    }
  }

  private static int percentage(ConfigSection c, String key, int fallback) {
    String text = c.string(key, fallback + "%");
    String digits =
        text.strip().endsWith("%") ? text.strip().substring(0, text.strip().length() - 1) : "";
    if (!digits.matches("[0-9]{1,3}") || Integer.parseInt(digits) > 100) {
      c.problem(key, "must be a percentage from 0% to 100% such as 30%, not '" + text + "'");
      return fallback;
    }
    return Integer.parseInt(digits);
  }
}
