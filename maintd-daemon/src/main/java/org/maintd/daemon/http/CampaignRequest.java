package org.maintd.daemon.http;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maintd.campaign.CampaignException;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.DailyWindow;
import org.maintd.campaign.NodeSelection;
import org.maintd.config.DurationText;

/**
 * Reads the body of {@code POST /1/campaigns}: {@code nodes}, {@code group}, {@code tags} (the
 * selection; none: every online node), {@code mode}, {@code max_nodes}, {@code soak} and {@code
 * boot_timeout} (seconds, or text such as {@code "5m"}), {@code windows} ({@code "HH:MM-HH:MM"},
 * UTC). Unknown fields and bad values are refused, naming the field.
 */
final class CampaignRequest {
  static final Duration DEFAULT_SOAK = Duration.ofMinutes(5);
  static final Duration DEFAULT_BOOT_TIMEOUT = Duration.ofMinutes(15);
  static final Duration MAX_DURATION = Duration.ofDays(7);
  static final int MAX_NODES = 100_000;
  private static final Set<String> FIELDS = Set.of("nodes", "group", "tags", "mode", "max_nodes", "soak", "boot_timeout", "windows");

  private CampaignRequest() {}

  static CampaignSpec read(Map<?, ?> body) {
    for (Object key : body.keySet()) {
      if (!FIELDS.contains(String.valueOf(key))) {
        throw bad("unknown field '" + key + "'; known: " + FIELDS.stream().sorted().toList());
      }
    }
    NodeSelection selection = new NodeSelection(strings(body, "nodes"), text(body, "group", ""), strings(body, "tags"));
    CampaignMode mode = CampaignMode.parse(text(body, "mode", "migrate-reboot"));
    Object max = body.containsKey("max_nodes") ? body.get("max_nodes") : 0L;
    if (!(max instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue()) || n.doubleValue() < 0
        || n.doubleValue() > MAX_NODES) {
      throw bad("'max_nodes' must be a whole number from 0 (as the plan allows) to " + MAX_NODES + ", not " + max);
    }
    List<DailyWindow> windows = strings(body, "windows").stream().map(DailyWindow::parse).toList();
    return new CampaignSpec(selection, mode, n.intValue(), duration(body, "soak", DEFAULT_SOAK),
        duration(body, "boot_timeout", DEFAULT_BOOT_TIMEOUT), windows);
  }

  private static Duration duration(Map<?, ?> body, String key, Duration fallback) {
    Object v = body.get(key);
    if (v == null) {
      return fallback;
    }
    Duration d;
    if (v instanceof Number n && Double.isFinite(n.doubleValue()) && n.doubleValue() >= 0
        && n.doubleValue() <= MAX_DURATION.toSeconds()) {
      d = Duration.ofMillis(Math.round(n.doubleValue() * 1000));
    } else if (v instanceof String s) {
      try {
        d = DurationText.parse(s);
      } catch (IllegalArgumentException e) {
        throw bad("'" + key + "': " + e.getMessage());
      }
    } else {
      throw bad("'" + key + "' must be seconds from 0 to " + MAX_DURATION.toSeconds() + " or a duration such as \"5m\", not " + v);
    }
    if (d.compareTo(MAX_DURATION) > 0) {
      throw bad("'" + key + "' must be at most 7 days, not " + v);
    }
    return d;
  }

  private static String text(Map<?, ?> body, String key, String fallback) {
    Object v = body.get(key);
    if (v == null) {
      return fallback;
    }
    if (!(v instanceof String s)) {
      throw bad("'" + key + "' must be a string, not " + v);
    }
    return s;
  }

  private static List<String> strings(Map<?, ?> body, String key) {
    Object v = body.get(key);
    if (v == null) {
      return List.of();
    }
    if (!(v instanceof List<?> list)) {
      throw bad("'" + key + "' must be a list of strings, not " + v);
    }
    List<String> out = new ArrayList<>();
    for (Object o : list) {
      if (!(o instanceof String s) || s.isEmpty()) {
        throw bad("'" + key + "' must be a list of non-empty strings, not " + list);
      }
      out.add(s);
    }
    return out;
  }

  private static CampaignException bad(String message) {
    return new CampaignException(CampaignException.Kind.BAD_REQUEST, message);
  }
}
