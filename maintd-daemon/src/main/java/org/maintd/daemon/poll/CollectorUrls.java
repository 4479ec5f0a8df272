package org.maintd.daemon.poll;

import java.net.URI;
import java.util.Map;
import org.maintd.cluster.NodeNames;

/**
 * Where each node's collector answers: a template with {@code {node}} replaced by the node's name
 * (default {@code http://{node}:1815}), overridden per node where a map entry names it (names
 * compare as {@link NodeNames} compares them).
 */
public record CollectorUrls(String template, Map<String, String> overrides) {
  public CollectorUrls {
    overrides = Map.copyOf(overrides);
  }

  public URI base(String node) {
    String base =
        overrides.entrySet().stream()
            .filter(e -> NodeNames.same(e.getKey(), node))
            .map(Map.Entry::getValue)
            .findFirst()
            .orElse(template.replace("{node}", node));
    return URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
  }

  public URI resolve(String node, String path) {
    return URI.create(base(node) + path);
  }
}
