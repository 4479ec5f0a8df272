package org.maintd.cli.command;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import org.maintd.balance.Load;

/**
 * A file of mond's answers, as {@code hbal --mond-data} reads it: a JSON array with one object per
 * node, {@code {"node": NAME, "reports": [REPORT...]}}, each report in mond's shape ({@code name},
 * {@code version}, {@code format_version}, {@code timestamp}, {@code category} (may be null or left
 * out), {@code kind}, {@code data}). A file of another shape is refused, naming what is wrong. Of
 * each node's reports the first of the collector's name counts, if its data has the collector's
 * shape ({@code cpu-avg-load}: {@code cpu_number}, {@code cpus}, {@code cpu_total}; {@code
 * xen-cpu-avg-load}: instance name to a number); otherwise the node did not answer. Stateless.
 */
final class MondData {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String[] FIELDS = {"name", "version", "format_version", "timestamp", "kind"};

  private MondData() {}

  /**
   * The CPU measure in {@code text}: mond's {@code cpu-avg-load} of each node, or with {@code xen}
   * the {@code xen-cpu-avg-load}.
   *
   * @throws IllegalArgumentException saying what in the text is not mond's data
   */
  static Load.Cpu read(String text, boolean xen) {
    JsonNode root;
    try {
      root = JSON.readTree(text);
    } catch (Exception e) {
      throw new IllegalArgumentException("not JSON: " + e.getMessage().lines().findFirst().get());
    }
    if (root == null || !root.isArray()) {
      throw new IllegalArgumentException("not a JSON array of nodes");
    }
    Map<String, Double> totals = new HashMap<>();
    Map<String, Map<String, Double>> byInstance = new HashMap<>();
    for (JsonNode node : root) {
      String name = text(node, "node", "a node");
      JsonNode reports = node.get("reports");
      if (reports == null || !reports.isArray()) {
        throw new IllegalArgumentException("node " + name + ": 'reports' must be an array");
      }
      reports.forEach(r -> checkReport(name, r));
      JsonNode report = first(reports, xen ? "xen-cpu-avg-load" : "cpu-avg-load");
      if (report != null && !xen) {
        cpuTotal(report.get("data")).ifPresent(t -> totals.putIfAbsent(name, t));
      } else if (report != null) {
        instances(report.get("data")).ifPresent(m -> byInstance.putIfAbsent(name, m));
      }
    }
    return xen ? new Load.InstanceCpu(byInstance) : new Load.NodeCpu(totals);
  }

  private static void checkReport(String node, JsonNode report) {
    if (!report.isObject()) {
      throw new IllegalArgumentException("node " + node + ": a report must be an object");
    }
    for (String f : FIELDS) {
      if (!report.has(f) || report.get(f).isNull()) {
        throw new IllegalArgumentException(
            "node " + node + ": a report has no '" + f + "': " + report);
      }
    }
    if (!report.has("data")) {
      throw new IllegalArgumentException("node " + node + ": a report has no 'data': " + report);
    }
  }

  private static JsonNode first(JsonNode reports, String collector) {
    for (JsonNode r : reports) {
      if (r.get("name").asText().equals(collector)) {
        return r;
      }
    }
    return null;
  }

  /** {@code cpu_total}, if the data is a {@code cpu-avg-load} (mond's error object is not). */
  private static Optional<Double> cpuTotal(JsonNode data) {
    if (data == null
        || !data.path("cpu_number").isIntegralNumber()
        || !data.path("cpus").isArray()
        || !data.path("cpu_total").isNumber()) {
      return Optional.empty();
    }
    for (JsonNode c : data.get("cpus")) {
      if (!c.isNumber()) {
        return Optional.empty();
      }
    }
    return Optional.of(data.get("cpu_total").asDouble());
  }

  private static Optional<Map<String, Double>> instances(JsonNode data) {
    if (data == null || !data.isObject()) {
      return Optional.empty();
    }
    Map<String, Double> out = new HashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = data.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (!e.getValue().isNumber()) {
        return Optional.empty();
      }
      out.put(e.getKey(), e.getValue().asDouble());
    }
    return Optional.of(out);
  }

  private static String text(JsonNode node, String field, String what) {
    JsonNode v = node.get(field);
    if (v == null || !v.isTextual()) {
      throw new IllegalArgumentException(what + " has no '" + field + "': " + node);
    }
    return v.asText();
  }
}
