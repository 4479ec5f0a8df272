package org.maintd.rapi;

import java.util.List;
import java.util.Map;

/**
 * Typed access to one already-parsed JSON object (maps, lists, strings, numbers, booleans, null),
 * with errors that name the object and the field.
 */
final class JsonObject {
  private final String where;
  private final Map<?, ?> map;

  JsonObject(String where, Object value) {
    if (!(value instanceof Map<?, ?> m)) {
      throw new RapiFormatException(where + " is not a JSON object");
    }
    this.where = where;
    this.map = m;
  }

  /** What this object is, for error messages. */
  String where() {
    return where;
  }

  boolean has(String key) {
    return map.get(key) != null;
  }

  /** The list {@code key}; empty when absent. */
  List<?> list(String key) {
    Object v = map.get(key);
    if (v == null) {
      return List.of();
    }
    if (!(v instanceof List<?> l)) {
      throw new RapiFormatException(where + ": field '" + key + "' is not a list");
    }
    return l;
  }

  String string(String key) {
    Object v = map.get(key);
    if (!(v instanceof String s)) {
      throw new RapiFormatException(where + ": field '" + key + "' is missing or not a string");
    }
    return s;
  }

  String string(String key, String fallback) {
    Object v = map.get(key);
    return v instanceof String s ? s : fallback;
  }

  long number(String key, long fallback) {
    return optional(key, Number.class, "number", fallback).longValue();
  }

  double decimal(String key, double fallback) {
    Object v = map.get(key);
    return v instanceof Number n ? n.doubleValue() : fallback;
  }

  boolean bool(String key, boolean fallback) {
    return optional(key, Boolean.class, "boolean", fallback);
  }

  /**
   * The field {@code key}, which must be a {@code type} (a {@code what}); {@code fallback} when
   * absent.
   */
  private <T> T optional(String key, Class<T> type, String what, T fallback) {
    Object v = map.get(key);
    if (v == null) {
      return fallback;
    }
    if (!type.isInstance(v)) {
      throw new RapiFormatException(where + ": field '" + key + "' is not a " + what + ": " + v);
    }
    return type.cast(v);
  }

  List<String> strings(String key) {
    return list(key).stream().map(String::valueOf).toList();
  }

  JsonObject object(String key) {
    Object v = map.get(key);
    return new JsonObject(where + "." + key, v == null ? Map.of() : v);
  }
}
