package org.maintd.daemon.config;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.config.ConfigException;
import org.maintd.protocol.json.Json;

/**
 * {@code --set KEY=VALUE} on the command line: a key of the configuration file, nested keys joined
 * by dots ({@code collector.timeout=10s}), and a value read as YAML ({@code true}, {@code 3},
 * {@code 5s}, {@code ["rack:"]}). Each override replaces the file's value before the configuration
 * is checked, so a bad key or value is reported as the file's would be. Stateless.
 */
final class ConfigOverrides {
  private ConfigOverrides() {}

  /** {@code parsed} (the file's top-level mapping, or null) with every override applied. */
  static Object apply(Object parsed, List<String> sets) {
    if (sets.isEmpty()) {
      return parsed;
    }
    Map<String, Object> root = copy(parsed instanceof Map<?, ?> m ? m : Map.of());
    List<String> problems = new ArrayList<>();
    for (String set : sets) {
      int eq = set.indexOf('=');
      String key = eq < 0 ? "" : set.substring(0, eq).strip();
      if (key.isEmpty() || key.startsWith(".") || key.endsWith(".") || key.contains("..")) {
        problems.add(
            "--set "
                + set
                + ": expected KEY=VALUE, e.g. --set harep=true or --set collector.timeout=10s");
        continue;
      }
      try {
        put(root, key, value(set.substring(eq + 1)), problems);
      } catch (JsonProcessingException e) {
        problems.add("--set " + set + ": the value is not YAML: " + e.getOriginalMessage());
      }
    }
    if (!problems.isEmpty()) {
      throw new ConfigException("command line", problems);
    }
    return root;
  }

  private static Object value(String text) throws JsonProcessingException {
    return text.isBlank() ? "" : Json.YAML.readValue(text, Object.class);
  }

  private static void put(
      Map<String, Object> root, String key, Object value, List<String> problems) {
    String[] parts = key.split("\\.");
    Map<String, Object> section = root;
    for (int i = 0; i < parts.length - 1; i++) {
      Object child = section.get(parts[i]);
      if (child != null && !(child instanceof Map<?, ?>)) {
        problems.add(
            "--set "
                + key
                + ": '"
                + String.join(".", List.of(parts).subList(0, i + 1))
                + "' is not a section");
        return;
      }
      Map<String, Object> next = copy(child == null ? Map.of() : (Map<?, ?>) child);
      section.put(parts[i], next);
      section = next;
    }
    section.put(parts[parts.length - 1], value);
  }

  private static Map<String, Object> copy(Map<?, ?> map) {
    Map<String, Object> out = new LinkedHashMap<>();
    map.forEach((k, v) -> out.put(String.valueOf(k), v));
    return out;
  }
}
