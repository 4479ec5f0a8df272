package org.maintd.protocol.state;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a state file is a complete state of the schema it declares: every field such a state
 * holds is there, with its JSON type. What a complete state holds is what maintd writes of it: the
 * file, once read, is written back and the two are compared field by field, so that the check
 * follows the format as it grows. Not needed: the fields written but derived from others (an
 * incident's {@code id}, {@code tag} and {@code action}, an operation's {@code kind}), those read
 * at a default that older versions did not write (a campaign node's {@code reboot}: soft), those
 * written {@code null} (an operation's flag it leaves alone), and the fields a schema added, in a
 * file of an older one ({@code schema} and {@code storm_armed} in schema 2, {@code collectors} in
 * schema 3, {@code maintenance} in schema 4, {@code instance_health} in schema 5, {@code reboots}
 * in schema 6, the schedule's {@code maintenance.version}, {@code going_down} and {@code notices}
 * in schema 7). Stateless.
 */
final class StateCompleteness {
  private static final Set<String> NOT_NEEDED =
      Set.of(
          "incidents[].id",
          "incidents[].tag",
          "incidents[].action",
          "intents[].job.operations[].kind",
          "campaigns[].nodes[].reboot");

  private static final Map<String, Integer> ADDED_IN =
      Map.of(
          "schema",
          2,
          "storm_armed",
          2,
          "collectors",
          3,
          "maintenance",
          4,
          "instance_health",
          5,
          "reboots",
          6,
          "maintenance.version",
          7,
          "maintenance.modes[].going_down",
          7,
          "maintenance.notices",
          7);

  private final int schema;
  private final List<String> lacking = new ArrayList<>();
  private final List<String> mistyped = new ArrayList<>();

  private StateCompleteness(int schema) {
    this.schema = schema;
  }

  /**
   * Throws an {@link IncompleteStateException} naming every field that {@code file} (a state file's
   * JSON) lacks or holds with another type than {@code written} (what maintd writes of the state
   * read from it).
   */
  static void check(JsonNode file, JsonNode written) {
    JsonNode declared = file.path("schema");
    StateCompleteness c =
        new StateCompleteness(declared.isIntegralNumber() ? declared.intValue() : 1);
    c.object(file, written, "", "");
    if (!c.lacking.isEmpty() || !c.mistyped.isEmpty()) {
      throw new IncompleteStateException(c.schema, c.lacking, c.mistyped);
    }
  }

  private void object(JsonNode file, JsonNode written, String path, String pattern) {
    for (Iterator<String> names = written.fieldNames(); names.hasNext(); ) {
      String name = names.next();
      String at = path.isEmpty() ? name : path + "." + name;
      String kind = pattern.isEmpty() ? name : pattern + "." + name;
      JsonNode value = file.get(name);
      if (value != null) {
        field(value, written.get(name), at, kind);
      } else if (needed(kind, written.get(name))) {
        lacking.add(at + " (" + describe(written.get(name).getNodeType()) + ")");
      }
    }
  }

  private void field(JsonNode value, JsonNode written, String at, String pattern) {
    if (value.getNodeType() != written.getNodeType()) {
      mistyped.add(
          at + " is " + describe(value.getNodeType()) + ", not " + describe(written.getNodeType()));
    } else if (written.isObject()) {
      object(value, written, at, pattern);
    } else if (written.isArray()) {
      for (int i = 0; i < Math.min(value.size(), written.size()); i++) {
        field(value.get(i), written.get(i), at + "[" + i + "]", pattern + "[]");
      }
    }
  }

  private boolean needed(String pattern, JsonNode written) {
    return !written.isNull()
        && !NOT_NEEDED.contains(pattern)
        && ADDED_IN.getOrDefault(pattern, 1) <= schema;
  }

  private static String describe(JsonNodeType type) {
    return switch (type) {
      case NUMBER -> "a number";
      case STRING -> "a string";
      case BOOLEAN -> "a boolean";
      case ARRAY -> "an array";
      case OBJECT -> "an object";
      case NULL -> "null";
      default -> type.name().toLowerCase(java.util.Locale.ROOT);
    };
  }
}
