package org.maintd.cli.command;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;

/**
 * The filters and page of {@code maintctl nodes}: {@code --group}, {@code --mode}, {@code --name},
 * {@code --limit} and {@code --after}, sent as the query of {@code /1/nodes}.
 */
final class NodeFilters {
  @Option(names = "--group", description = "Only the nodes of this group.")
  Optional<String> group = Optional.empty();

  @Option(names = "--mode", description = "Only the nodes in this mode: UP, DRAIN or DOWN.")
  Optional<String> mode = Optional.empty();

  @Option(
      names = "--name",
      description = "Only the nodes whose name (or short name) matches; * and ? as in a shell.")
  Optional<String> name = Optional.empty();

  @Option(names = "--limit", description = "At most this many nodes (1 to 100000).")
  Optional<Integer> limit = Optional.empty();

  @Option(names = "--after", description = "The nodes after this one (the next page).")
  Optional<String> after = Optional.empty();

  /** {@code /1/nodes} with the query these options make. */
  String path() {
    List<String> q = new ArrayList<>();
    group.ifPresent(v -> q.add("group=" + encode(v)));
    mode.ifPresent(v -> q.add("mode=" + encode(v)));
    name.ifPresent(v -> q.add("name=" + encode(v)));
    limit.ifPresent(v -> q.add("limit=" + v));
    after.ifPresent(v -> q.add("after=" + encode(v)));
    return q.isEmpty() ? "/1/nodes" : "/1/nodes?" + String.join("&", q);
  }

  private static String encode(String v) {
    return URLEncoder.encode(v, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
