package org.maintd.roll;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reboot groups, in the order to reboot them (largest first, the master last), each with the
 * instance moves that empty it, and warnings for the operator.
 */
public record RollPlan(List<Group> groups, List<String> warnings) {
  public RollPlan {
    groups = List.copyOf(groups);
    warnings = List.copyOf(warnings);
  }

  /** The plan as plain maps and lists, as {@code GET /1/roll} and {@code maintctl roll -o json} give it. */
  public Map<String, Object> asMap() {
    List<Map<String, Object>> out = new ArrayList<>();
    for (Group g : groups) {
      List<Map<String, Object>> moves = new ArrayList<>();
      for (Move m : g.moves()) {
        Map<String, Object> mm = new LinkedHashMap<>();
        mm.put("instance", m.instance());
        mm.put("primary", m.primary());
        mm.put("secondary", m.secondary().orElse(null));
        moves.add(mm);
      }
      Map<String, Object> gm = new LinkedHashMap<>();
      gm.put("nodes", g.nodes());
      gm.put("moves", moves);
      out.add(gm);
    }
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("groups", out);
    map.put("warnings", warnings);
    return map;
  }

  /** The plan back from {@link #asMap()}'s form. */
  @SuppressWarnings("unchecked")
  public static RollPlan fromMap(Map<String, Object> map) {
    List<Group> groups = new ArrayList<>();
    for (Map<String, Object> g : (List<Map<String, Object>>) map.get("groups")) {
      List<Move> moves = new ArrayList<>();
      for (Map<String, Object> m : (List<Map<String, Object>>) g.get("moves")) {
        moves.add(new Move((String) m.get("instance"), (String) m.get("primary"), Optional.ofNullable((String) m.get("secondary"))));
      }
      groups.add(new Group((List<String>) g.get("nodes"), moves));
    }
    return new RollPlan(groups, (List<String>) map.getOrDefault("warnings", List.of()));
  }

  /** Nodes that can reboot together, and the moves that must happen first. */
  public record Group(List<String> nodes, List<Move> moves) {
    public Group {
      nodes = List.copyOf(nodes);
      moves = List.copyOf(moves);
    }
  }

  /** An instance's new primary (and new secondary, for DRBD). */
  public record Move(String instance, String primary, Optional<String> secondary) {}
}
