package org.maintd.daemon.testing;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.maintd.protocol.json.Json;

/** JSON Schema's types of a value as {@link Json#parse} gives it. Stateless. */
final class JsonTypes {
  private JsonTypes() {}

  /** Whether {@code value} is of {@code type}: one name, or a list of them. */
  static boolean fits(Object type, Object value) {
    List<?> types = type instanceof List<?> l ? l : List.of(type);
    return types.stream().anyMatch(t -> is(t.toString(), value));
  }

  private static boolean is(String type, Object value) {
    return switch (type) {
      case "null" -> value == null;
      case "string" -> value instanceof String;
      case "boolean" -> value instanceof Boolean;
      case "integer" -> whole(value);
      case "number" -> value instanceof Number;
      case "object" -> value instanceof Map;
      case "array" -> value instanceof List;
      default -> throw new AssertionError("no JSON Schema type " + type);
    };
  }

  private static boolean whole(Object value) {
    return value instanceof Integer
        || value instanceof Long
        || value instanceof BigInteger
        || value instanceof Short
        || (value instanceof BigDecimal d && d.stripTrailingZeros().scale() <= 0);
  }

  /** {@code value} as JSON, cut short. */
  static String shown(Object value) {
    String json = Json.write(value);
    return json.length() > 120 ? json.substring(0, 117) + "..." : json;
  }
}
