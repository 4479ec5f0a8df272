package org.maintd.daemon.poll;

import java.net.URI;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.maintd.cluster.NodeNames;

/**
 * Where each node's collector answers: a template with {@code {node}} replaced by the node's name
 * (default {@code http://{node}:1815}), overridden per node where a map entry names it (names
 * compare as {@link NodeNames} compares them). Looked up by name in constant time, however many
 * nodes are overridden (a fleet of ten thousand simulated nodes is). Immutable but for the URIs it
 * keeps once resolved; thread-safe.
 */
public final class CollectorUrls {
  /** How many resolved URIs are kept: a few paths for each of the largest clusters' nodes. */
  static final int KEPT = 100_000;

  private final String template;
  private final Map<String, String> overrides;
  private final Map<String, String> byName = new HashMap<>();
  private final Map<String, String> byShortName = new HashMap<>();
  private final Map<String, URI> resolved = new ConcurrentHashMap<>();

  public CollectorUrls(String template, Map<String, String> overrides) {
    this.template = template;
    this.overrides = Map.copyOf(overrides);
    this.overrides.forEach(
        (name, url) -> {
          String lower = name.toLowerCase(Locale.ROOT);
          byName.putIfAbsent(lower, url);
          if (lower.indexOf('.') >= 0) {
            byShortName.putIfAbsent(lower.substring(0, lower.indexOf('.')), url);
          }
        });
  }

  public String template() {
    return template;
  }

  public Map<String, String> overrides() {
    return overrides;
  }

  public URI base(String node) {
    String base = override(node).orElse(template.replace("{node}", node));
    return URI.create(base.endsWith("/") ? base.substring(0, base.length() - 1) : base);
  }

  /**
   * The entry naming {@code node}: the same name, or its fully qualified name when it is short, or
   * its short name when it is fully qualified.
   */
  private Optional<String> override(String node) {
    String lower = node.toLowerCase(Locale.ROOT);
    int dot = lower.indexOf('.');
    if (byName.containsKey(lower)) {
      return Optional.of(byName.get(lower));
    }
    return Optional.ofNullable(
        dot < 0 ? byShortName.get(lower) : byName.get(lower.substring(0, dot)));
  }

  /**
   * {@code path} on {@code node}'s collector. Every poll asks for every node, so each URI is parsed
   * once and kept (up to {@link #KEPT}; then they are made afresh).
   */
  public URI resolve(String node, String path) {
    String key = node + ' ' + path;
    URI kept = resolved.get(key);
    if (kept != null) {
      return kept;
    }
    URI made = URI.create(base(node) + path);
    if (resolved.size() < KEPT) {
      resolved.put(key, made);
    }
    return made;
  }
}
