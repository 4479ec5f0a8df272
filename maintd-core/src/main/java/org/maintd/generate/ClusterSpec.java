package org.maintd.generate;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What to generate: {@code nodes} nodes in {@code groups} groups, {@code instances} instances,
 * drawn from {@code seed}. Written {@code nodes=10000,instances=100000,groups=100,seed=1}: {@code
 * nodes} is required; {@code instances} defaults to ten per node, {@code groups} to one per hundred
 * nodes (at least one), {@code seed} to 1.
 */
public record ClusterSpec(int nodes, int instances, int groups, long seed) {
  static final int MAX_NODES = 100_000;
  static final int MAX_INSTANCES = 2_000_000;

  public ClusterSpec {
    if (nodes < 2 || nodes > MAX_NODES) {
      throw new IllegalArgumentException("nodes must be 2 to " + MAX_NODES + ", not " + nodes);
    }
    if (groups < 1 || groups > nodes) {
      throw new IllegalArgumentException("groups must be 1 to nodes, not " + groups);
    }
    if (instances < 0 || instances > MAX_INSTANCES) {
      throw new IllegalArgumentException(
          "instances must be 0 to " + MAX_INSTANCES + ", not " + instances);
    }
  }

  /** A spec with the defaults for what {@code nodes} leaves out. */
  public static ClusterSpec ofNodes(int nodes) {
    return new ClusterSpec(nodes, nodes * 10, Math.max(1, nodes / 100), 1);
  }

  /**
   * Reads {@code text}; throws {@link IllegalArgumentException} naming every bad part (an unknown
   * or repeated key, a part that is not key=value, a value that is not a number or out of range).
   */
  public static ClusterSpec parse(String text) {
    List<String> problems = new ArrayList<>();
    Map<String, Long> values = values(text, problems);
    if (!values.containsKey("nodes") && problems.isEmpty()) {
      problems.add("'nodes=N' is missing");
    }
    int nodes = (int) bounded(values, "nodes", 2, MAX_NODES, 0, problems);
    int instances =
        (int) bounded(values, "instances", 0, MAX_INSTANCES, (long) nodes * 10, problems);
    int groups =
        (int)
            bounded(
                values,
                "groups",
                1,
                nodes >= 2 ? nodes : MAX_NODES,
                Math.max(1, nodes / 100),
                problems);
    long seed = values.getOrDefault("seed", 1L);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(
          "'" + text + "' is not a cluster spec: " + String.join("; ", problems));
    }
    return new ClusterSpec(nodes, instances, groups, seed);
  }

  private static Map<String, Long> values(String text, List<String> problems) {
    Map<String, Long> values = new LinkedHashMap<>();
    for (String part : text.strip().split(",", -1)) {
      String[] kv = part.strip().split("=", -1);
      if (kv.length != 2 || kv[0].isBlank()) {
        problems.add("'" + part + "' is not key=value");
      } else if (!List.of("nodes", "instances", "groups", "seed").contains(kv[0].strip())) {
        problems.add("'" + part + "': unknown key (nodes, instances, groups, seed)");
      } else if (values.containsKey(kv[0].strip())) {
        problems.add("'" + part + "': " + kv[0].strip() + " given twice");
      } else if (!kv[1].strip().matches("-?[0-9]{1,18}")) {
        problems.add("'" + part + "': '" + kv[1].strip() + "' is not a whole number");
      } else {
        values.put(kv[0].strip(), Long.parseLong(kv[1].strip()));
      }
    }
    return values;
  }

  private static long bounded(
      Map<String, Long> values, String key, long min, long max, long fallback, List<String> out) {
    if (!values.containsKey(key)) {
      return fallback;
    }
    long v = values.get(key);
    if (v < min || v > max) {
      out.add("'" + key + "=" + v + "': " + key + " must be " + min + " to " + max);
      return fallback;
    }
    return v;
  }

  /** The spec as it is written, every key given. */
  @Override
  public String toString() {
    return "nodes=" + nodes + ",instances=" + instances + ",groups=" + groups + ",seed=" + seed;
  }
}
