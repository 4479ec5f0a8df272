package org.maintd.protocol.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Duration;
import java.util.List;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.DailyWindow;
import org.maintd.campaign.NodeSelection;
import org.maintd.protocol.text.ClientText;

/**
 * The body of {@code POST /1/campaigns}: {@code nodes}, {@code group}, {@code tags} (the selection;
 * none: every online node), {@code mode}, {@code max_nodes}, {@code soak} and {@code boot_timeout}
 * (seconds, or text such as {@code "5m"}), {@code windows} ({@code "HH:MM-HH:MM"}, UTC). Every
 * field is optional; names are held to {@link ClientText}'s hostnames, names and tags, lists to
 * {@link #MAX_LISTED} entries and {@link #MAX_WINDOWS} windows.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CampaignRequest(
    List<String> nodes,
    String group,
    List<String> tags,
    String mode,
    Long max_nodes,
    DurationValue soak,
    DurationValue boot_timeout,
    List<String> windows) {
  public static final Duration DEFAULT_SOAK = Duration.ofMinutes(5);
  public static final Duration DEFAULT_BOOT_TIMEOUT = Duration.ofMinutes(15);
  public static final int MAX_NODES = 100_000;

  /** The most names a selection lists, nodes or tags, and the most daily windows. */
  public static final int MAX_LISTED = 10_000;

  public static final int MAX_WINDOWS = 48;

  /**
   * The campaign asked for; {@link IllegalArgumentException} naming the field and what is wrong.
   */
  public CampaignSpec spec() {
    NodeSelection selection =
        new NodeSelection(
            strings("nodes", nodes, ClientText.HOSTNAME, MAX_LISTED),
            group == null ? "" : ClientText.NAME.check("group", group),
            strings("tags", tags, ClientText.TAG, MAX_LISTED));
    CampaignMode m = CampaignMode.parse(mode == null ? "migrate-reboot" : mode);
    long max = max_nodes == null ? 0 : max_nodes;
    if (max < 0 || max > MAX_NODES) {
      throw new IllegalArgumentException(
          "'max_nodes' must be a whole number from 0 (as the plan allows) to "
              + MAX_NODES
              + ", not "
              + max_nodes);
    }
    List<DailyWindow> w =
        strings("windows", windows, ClientText.DAILY_WINDOW, MAX_WINDOWS).stream()
            .map(DailyWindow::parse)
            .toList();
    return new CampaignSpec(
        selection,
        m,
        (int) max,
        soak == null ? DEFAULT_SOAK : soak.duration("soak"),
        boot_timeout == null ? DEFAULT_BOOT_TIMEOUT : boot_timeout.duration("boot_timeout"),
        w);
  }

  /**
   * {@code values} of {@code field}: at most {@code max} non-empty strings, each {@code rule}'s.
   */
  private static List<String> strings(String field, List<String> values, ClientText rule, int max) {
    if (values == null) {
      return List.of();
    }
    ClientText.count("entries in '" + field + "'", values.size(), max);
    for (int i = 0; i < values.size(); i++) {
      if (values.get(i) == null || values.get(i).isEmpty()) {
        throw new IllegalArgumentException("'" + field + "[" + i + "]' must be a non-empty string");
      }
      rule.check(field + "[" + i + "]", values.get(i));
    }
    return values;
  }
}
