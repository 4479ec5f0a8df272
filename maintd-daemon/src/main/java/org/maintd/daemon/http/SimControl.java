package org.maintd.daemon.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.cluster.TaggedObject;
import org.maintd.daemon.backend.sim.FailRule;
import org.maintd.daemon.backend.sim.SimBackend;
import org.maintd.daemon.backend.sim.SimJob;
import org.maintd.protocol.state.IncidentCodec;
import org.maintd.protocol.state.Mappers;
import org.maintd.daemon.store.AtomicFiles;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.protocol.json.Json;

/**
 * The simulated cluster's controls: what a node's diagnose script prints, injected failures,
 * node tags, and the list of every job received. Bodies are parsed JSON maps; bad values throw
 * {@link IllegalArgumentException} naming the field. Thread-safe (the backend is).
 */
final class SimControl {
  private final SimBackend sim;
  private final DiagnoseParser parser = new DiagnoseParser();

  SimControl(SimBackend sim) {
    this.sim = sim;
  }

  Map<String, Object> diagnose(Map<?, ?> body) throws IOException {
    String node = text(body, "node");
    if (sim.snapshot().node(node).isEmpty()) {
      throw new IllegalArgumentException("no node '" + node + "' in the simulated cluster");
    }
    Map<String, Object> object = new LinkedHashMap<>();
    object.put("status", text(body, "status"));
    if (body.get("command") != null) {
      object.put("command", body.get("command"));
    }
    if (body.get("details") != null) {
      object.put("details", body.get("details"));
    }
    try {
      parser.parseCommandOutput(object);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
    Files.createDirectories(sim.settings().diagnoseDir());
    AtomicFiles.write(sim.settings().diagnoseDir().resolve(node + ".json"), Json.write(object).getBytes(StandardCharsets.UTF_8));
    return Map.of("node", node, "diagnose", object);
  }

  Map<String, Object> fail(Map<?, ?> body) {
    Object times = body.get("times") == null ? 1L : body.get("times");
    if (!(times instanceof Long || times instanceof Integer) || ((Number) times).longValue() < 1
        || ((Number) times).longValue() > 1_000_000) {
      throw new IllegalArgumentException("'times' must be a whole number from 1 to 1000000, not " + times);
    }
    Number n = (Number) times;
    FailRule rule = new FailRule(text(body, "op"), optional(body, "node"), optional(body, "instance"), n.intValue());
    List<String> ops = List.of("drain", "offline", "migrate", "failover", "move", "replace-secondary", "set-node-flags",
        "recreate-disks", "reinstall", "reboot", "master-failover", "boot");
    if (!ops.contains(rule.op())) {
      throw new IllegalArgumentException("'op' must be one of " + ops + ", not '" + rule.op() + "'");
    }
    sim.inject(rule);
    return Mappers.RECORDS.convertValue(rule, Map.class);
  }

  /**
   * Adds or removes a tag on a node ({@code "node"}), an instance ({@code "instance"}), a group
   * ({@code "group"}) or the cluster ({@code "cluster": true}).
   */
  Map<String, Object> tag(Map<?, ?> body) {
    TaggedObject object = taggedObject(body);
    String tag = text(body, "tag");
    switch (text(body, "action")) {
      case "add" -> sim.addTags(object, List.of(tag));
      case "remove" -> sim.removeTags(object, List.of(tag));
      default -> throw new IllegalArgumentException("'action' must be add or remove");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put(object.kind().name().toLowerCase(), object.kind() == TaggedObject.Kind.CLUSTER ? true : object.name());
    out.put("tags", sim.snapshot().tagsOf(object).orElseThrow());
    return out;
  }

  private static TaggedObject taggedObject(Map<?, ?> body) {
    if (Boolean.TRUE.equals(body.get("cluster"))) {
      return TaggedObject.cluster();
    }
    for (TaggedObject.Kind kind : List.of(TaggedObject.Kind.NODE, TaggedObject.Kind.INSTANCE, TaggedObject.Kind.GROUP)) {
      String key = kind.name().toLowerCase();
      if (body.containsKey(key)) {
        return new TaggedObject(kind, text(body, key));
      }
    }
    throw new IllegalArgumentException("say what to tag: 'node', 'instance', 'group' or \"cluster\": true");
  }

  /** Powers on a node that stays off after a reboot (an injected {@code boot} failure). */
  Map<String, Object> powerOn(Map<?, ?> body) {
    String node = text(body, "node");
    if (sim.snapshot().node(node).isEmpty()) {
      throw new IllegalArgumentException("no node '" + node + "' in the simulated cluster");
    }
    try {
      sim.powerOn(node);
    } catch (org.maintd.spi.BackendException e) {
      throw new IllegalArgumentException(e.getMessage());
    }
    return Map.of("node", node, "powered", true);
  }

  List<Map<String, Object>> jobs() {
    List<Map<String, Object>> list = new ArrayList<>();
    for (SimJob j : sim.jobs()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("id", j.id());
      m.put("status", j.status().wireName());
      m.put("message", j.message());
      m.put("operations", Mappers.RECORDS.convertValue(j.spec(), Map.class).get("operations"));
      m.put("reason", List.of(List.of(j.spec().reason().source(), j.spec().reason().text(), j.spec().reason().timestampNanos())));
      m.put("key", j.spec().key());
      m.put("submitted", IncidentCodec.seconds(j.submitted()));
      m.put("ends", IncidentCodec.seconds(j.ends()));
      list.add(m);
    }
    return list;
  }

  private static String text(Map<?, ?> body, String key) {
    if (!(body.get(key) instanceof String s) || s.isEmpty()) {
      throw new IllegalArgumentException("field '" + key + "' is missing or not a non-empty string");
    }
    return s;
  }

  private static String optional(Map<?, ?> body, String key) {
    return body.get(key) instanceof String s ? s : "";
  }
}
