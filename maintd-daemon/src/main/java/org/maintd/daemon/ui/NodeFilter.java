package org.maintd.daemon.ui;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.eclipse.jetty.util.Fields;
import org.maintd.daemon.http.ListQuery;

/**
 * Which nodes the page's node table shows, as its form asks: those of a group, in a mode ({@code
 * UP}, {@code DRAIN}, {@code DOWN}), whose name matches a pattern ({@code node1*}), after a name
 * (where the page before ended), at most {@link #PAGE} of them, as {@code /1/nodes} takes them.
 * Empty fields filter nothing. Immutable.
 */
public record NodeFilter(String group, String mode, String name, String after) {
  /** The most nodes one page shows. */
  public static final int PAGE = 50;

  /** The filter the page's query asks for. */
  public static NodeFilter of(Fields query) {
    return new NodeFilter(
        value(query, "group"), value(query, "mode"), value(query, "name"), value(query, "after"));
  }

  /** The same filter as {@code /1/nodes} takes it, a page of {@link #PAGE} nodes. */
  public ListQuery query() {
    Map<String, String> filters = new LinkedHashMap<>();
    if (!group.isEmpty()) {
      filters.put("group", group);
    }
    if (!mode.isEmpty()) {
      filters.put("mode", mode);
    }
    if (!name.isEmpty()) {
      filters.put("name", name);
    }
    return new ListQuery(
        filters,
        List.of(),
        OptionalInt.of(PAGE),
        after.isEmpty() ? Optional.empty() : Optional.of(after));
  }

  /** The page's query for the nodes after {@code last}, with this filter. */
  public String nextQuery(String last) {
    return query(last);
  }

  /** The page's query for this filter's first page. */
  public String firstQuery() {
    return query("");
  }

  /** The page's query as it is (what the page's render is kept by). */
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
}
