package org.maintd.protocol.state;

import java.util.List;
import java.util.Map;

/** Typed access to a parsed JSON object whose errors name the object and the field. */
final class Fields {
  private final String what;
  private final Map<?, ?> map;

  Fields(String what, Object json) {
    if (!(json instanceof Map<?, ?> m)) {
      throw new IllegalArgumentException(what + " is not a JSON object");
    }
    this.what = what;
    this.map = m;
  }

  Object raw(String key) {
    if (!map.containsKey(key)) {
      throw missing(key, "present");
    }
    return map.get(key);
  }

  /** The value, or null when the key is absent (fields added after the first version). */
  Object optional(String key) {
    return map.get(key);
  }

  String string(String key) {
    if (!(map.get(key) instanceof String s)) {
      throw missing(key, "a string");
    }
    return s;
  }

  String optString(String key) {
    return map.get(key) instanceof String s ? s : "";
  }

  double number(String key) {
    if (!(map.get(key) instanceof Number n)) {
      throw missing(key, "a number");
    }
    return n.doubleValue();
  }

  boolean bool(String key) {
    return Boolean.TRUE.equals(map.get(key));
  }

  List<?> list(String key) {
    Object v = map.get(key);
    if (v == null) {
      return List.of();
    }
    if (!(v instanceof List<?> l)) {
      throw missing(key, "a list");
    }
    return l;
  }

  private IllegalArgumentException missing(String key, String kind) {
    return new IllegalArgumentException(what + ": field '" + key + "' must be " + kind);
  }
}
