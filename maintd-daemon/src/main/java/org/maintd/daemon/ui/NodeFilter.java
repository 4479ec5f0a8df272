package org.maintd.daemon.ui;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.jetty.util.Fields;
import org.maintd.protocol.api.NodeView;

/**
 * Which nodes the page's node table shows: those of a group, in a mode ({@code UP}, {@code DRAIN},
 * {@code DOWN}), whose name contains a text, after a name (the page before ended there), at most
 * {@link #PAGE} of them. Empty texts filter nothing. Immutable.
 */
public record NodeFilter(String group, String mode, String name, String after) {
  /** The most nodes one page shows. */
  public static final int PAGE = 50;

  private static final List<String> MODES = List.of("UP", "DRAIN", "DOWN");

  /** The filter the query asks for. */
  public static NodeFilter of(Fields query) {
    return new NodeFilter(
        value(query, "group"),
        value(query, "mode").toUpperCase(Locale.ROOT),
        value(query, "name"),
        value(query, "after"));
  }

  /** Why the filter cannot be applied, in the operator's words; empty when it can. */
  public Optional<String> problem() {
    return mode.isEmpty() || MODES.contains(mode)
        ? Optional.empty()
        : Optional.of("no mode '" + mode + "': a node's mode is UP, DRAIN or DOWN");
  }

  /** Whether {@code n} passes the filter (the page's position aside). */
  public boolean matches(NodeView n) {
    return (group.isEmpty() || group.equals(n.group()))
        && (mode.isEmpty() || mode.equals(n.mode()))
        && (name.isEmpty() || n.name().toLowerCase(Locale.ROOT).contains(lower(name)));
  }

  /** The query of this filter's next page, which begins after {@code last}. */
  public String nextQuery(String last) {
    return query(last);
  }

  /** The query of this filter's first page. */
  public String firstQuery() {
    return query("");
  }

  /** The query of the page as it is, to poll the page's live parts with. */
  public String currentQuery() {
    return query(after);
  }

  private String query(String from) {
    List<String> parts = new ArrayList<>();
    add(parts, "group", group);
    add(parts, "mode", mode);
    add(parts, "name", name);
    add(parts, "after", from);
    return parts.isEmpty() ? "" : "?" + String.join("&", parts);
  }

  private static void add(List<String> parts, String key, String value) {
    if (!value.isEmpty()) {
      parts.add(key + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8));
    }
  }

  private static String value(Fields query, String key) {
    String v = query.getValue(key);
    return v == null ? "" : v.strip();
  }

  private static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}
