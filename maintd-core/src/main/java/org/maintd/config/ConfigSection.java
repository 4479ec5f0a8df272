package org.maintd.config;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Typed, validating access to one section of a parsed YAML or JSON configuration (maps, lists,
 * strings, numbers, booleans). Every getter takes the default of its key; problems are collected
 * with the key's full path instead of stopping at the first. {@link #finish()} reports keys that
 * were never asked for as unknown and throws {@link ConfigException} listing every problem. Not
 * thread-safe; used once while loading.
 */
public final class ConfigSection {
  private final String source;
  private final String path;
  private final Map<String, Object> values;
  private final Set<String> known = new HashSet<>();
  private final List<String> problems;
  private final List<ConfigSection> children = new ArrayList<>();

  private ConfigSection(
      String source, String path, Map<String, Object> values, List<String> problems) {
    this.source = source;
    this.path = path;
    this.values = values;
    this.problems = problems;
  }

  /** The top of a configuration read from {@code source} (a file name, for messages). */
  public static ConfigSection root(String source, Object parsed) {
    List<String> problems = new ArrayList<>();
    Map<String, Object> map = new LinkedHashMap<>();
    if (parsed instanceof Map<?, ?> m) {
      m.forEach((k, v) -> map.put(String.valueOf(k), v));
    } else if (parsed != null) {
      problems.add("the top level must be a mapping of keys to values");
    }
    return new ConfigSection(source, "", map, problems);
  }

  public ConfigSection section(String key) {
    Object raw = take(key);
    Map<String, Object> map = new LinkedHashMap<>();
    if (raw instanceof Map<?, ?> m) {
      m.forEach((k, v) -> map.put(String.valueOf(k), v));
    } else if (raw != null) {
      problem(key, "must be a mapping, not " + raw);
    }
    ConfigSection child = new ConfigSection(source, qualified(key) + ".", map, problems);
    children.add(child);
    return child;
  }

  public String string(String key, String fallback) {
    Object raw = take(key);
    if (raw == null) {
      return fallback;
    }
    if (raw instanceof Map<?, ?> || raw instanceof List<?>) {
      problem(key, "must be a single value, not " + raw);
      return fallback;
    }
    return String.valueOf(raw);
  }

  /**
   * A file or directory path; a path the system cannot represent (a NUL in it, say) is a problem.
   */
  public java.nio.file.Path path(String key, String fallback) {
    String text = string(key, fallback);
    try {
      return java.nio.file.Path.of(text);
    } catch (java.nio.file.InvalidPathException e) {
      problem(
          key, "is not a valid path (" + e.getReason() + "): '" + text.replace("\0", "\\0") + "'");
      return java.nio.file.Path.of(fallback);
    }
  }

  /** Like {@link #path}, but empty means none (null). */
  public java.nio.file.Path optionalPath(String key) {
    return string(key, "").isEmpty() ? null : path(key, "");
  }

  public boolean bool(String key, boolean fallback) {
    Object raw = take(key);
    if (raw == null) {
      return fallback;
    }
    if (raw instanceof Boolean b) {
      return b;
    }
    problem(key, "must be true or false, not '" + raw + "'");
    return fallback;
  }

  public long integer(String key, long fallback, long min, long max) {
    Object raw = take(key);
    if (raw == null) {
      return fallback;
    }
    if (!(raw instanceof Integer || raw instanceof Long)) {
      problem(key, "must be an integer, not '" + raw + "'");
      return fallback;
    }
    long value = ((Number) raw).longValue();
    if (value < min || value > max) {
      problem(key, "must be between " + min + " and " + max + ", not " + value);
      return fallback;
    }
    return value;
  }

  public double decimal(String key, double fallback, double min, double max) {
    Object raw = take(key);
    if (raw == null) {
      return fallback;
    }
    if (!(raw instanceof Number n)) {
      problem(key, "must be a number, not '" + raw + "'");
      return fallback;
    }
    if (n.doubleValue() < min || n.doubleValue() > max) {
      problem(key, "must be between " + min + " and " + max + ", not " + n);
      return fallback;
    }
    return n.doubleValue();
  }

  public Duration duration(String key, Duration fallback, Duration min) {
    String text = string(key, null);
    if (text == null) {
      return fallback;
    }
    try {
      Duration d = DurationText.parse(text);
      if (d.compareTo(min) < 0) {
        problem(key, "must be at least " + DurationText.format(min) + ", not " + text);
        return fallback;
      }
      return d;
    } catch (IllegalArgumentException e) {
      problem(key, e.getMessage());
      return fallback;
    }
  }

  public String oneOf(String key, String fallback, List<String> allowed) {
    String value = string(key, fallback);
    if (!allowed.contains(value)) {
      problem(key, "must be one of " + allowed + ", not '" + value + "'");
      return fallback;
    }
    return value;
  }

  public List<String> stringList(String key) {
    Object raw = take(key);
    List<String> list = new ArrayList<>();
    if (raw instanceof List<?> l) {
      for (Object o : l) {
        if (o instanceof String || o instanceof Number) {
          list.add(String.valueOf(o));
        } else {
          problem(key, "must be a list of strings, not one holding " + o);
        }
      }
    } else if (raw != null) {
      problem(key, "must be a list, not " + raw);
    }
    return list;
  }

  public Map<String, String> stringMap(String key) {
    Object raw = take(key);
    Map<String, String> map = new LinkedHashMap<>();
    if (raw instanceof Map<?, ?> m) {
      m.forEach(
          (k, v) -> {
            if (v instanceof Map<?, ?> || v instanceof List<?> || v == null) {
              problem(key + "." + k, "must be a single value, not " + v);
            } else {
              map.put(String.valueOf(k), String.valueOf(v));
            }
          });
    } else if (raw != null) {
      problem(key, "must be a mapping, not " + raw);
    }
    return map;
  }

  /**
   * Whether {@code key} holds a mapping rather than a single value (for a key that may be either);
   * asks nothing of the key.
   */
  public boolean holdsMapping(String key) {
    return values.get(key) instanceof Map<?, ?>;
  }

  /**
   * Whether {@code key} holds a list rather than a single value (for a key that may be either);
   * asks nothing of the key.
   */
  public boolean holdsList(String key) {
    return values.get(key) instanceof List<?>;
  }

  /** Every key asked for so far, here and in the sections taken from here, with its full path. */
  public List<String> asked() {
    List<String> out = new ArrayList<>();
    known.stream().sorted().forEach(k -> out.add(qualified(k)));
    children.forEach(c -> out.addAll(c.asked()));
    return out;
  }

  /** The keys this section holds, in the order written. */
  public List<String> keys() {
    return List.copyOf(values.keySet());
  }

  /** Records a problem found by the caller's own validation of {@code key}. */
  public void problem(String key, String what) {
    problems.add(qualified(key) + ": " + what);
  }

  /**
   * Reports unknown keys in this section and all sections taken from it, then throws if any
   * problem.
   */
  public void finish() {
    collectUnknown();
    if (!problems.isEmpty()) {
      throw new ConfigException(source, problems);
    }
  }

  private void collectUnknown() {
    for (String key : values.keySet()) {
      if (!known.contains(key)) {
        problems.add(qualified(key) + ": unknown key");
      }
    }
    children.forEach(ConfigSection::collectUnknown);
  }

  private Object take(String key) {
    known.add(key);
    return values.get(key);
  }

  private String qualified(String key) {
    return path + key;
  }
}
