package org.maintd.protocol.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Jackson's errors in the words of a JSON document's reader, never of Java: where (the field's
 * path, {@code windows[0].machine_ids}) and what JSON was expected there and found instead ({@code
 * must be a list, not an object}). The one translation of binding and parsing errors for what
 * clients send. Stateless.
 */
public final class JsonErrors {
  private static final int SHOWN = 40;

  private JsonErrors() {}

  /**
   * What is wrong with {@code document} (a name such as "the request body") in {@code e}, raised
   * parsing it or binding its {@code tree} (null when it did not parse).
   */
  public static String explain(String document, JsonProcessingException e, JsonNode tree) {
    if (e instanceof UnrecognizedPropertyException u) {
      return unknownField(document, u);
    }
    if (e instanceof InputCoercionException c) {
      return document
          + " holds a number out of range"
          + at(e)
          + ": "
          + shown(number(c.getOriginalMessage()))
          + " is not "
          + range(c.getTargetType());
    }
    if (e instanceof MismatchedInputException m
        && m.getOriginalMessage().startsWith("Trailing token")) {
      return document + " goes on after its JSON value: send one value";
    }
    if (e instanceof MismatchedInputException m) {
      return where(document, m)
          + " must be "
          + expected(m.getTargetType())
          + ", not "
          + given(tree, m);
    }
    if (e instanceof JsonMappingException m) {
      return where(document, m) + " cannot be read";
    }
    return document + " is not JSON" + at(e) + ": " + parseProblem(e);
  }

  /** The JSON a value of {@code type} is written as: {@code a list}, {@code true or false}... */
  public static String expected(Class<?> type) {
    if (type == null || type == Object.class) {
      return "a JSON value";
    }
    if (type == Boolean.class || type == boolean.class) {
      return "true or false";
    }
    if (type == java.util.UUID.class) {
      return "a UUID (a string such as \"9724c479-1b2e-4c3a-8d4e-5f6a7b8c9d0e\")";
    }
    if (CharSequence.class.isAssignableFrom(type) || type.isEnum()) {
      return "a string";
    }
    if (isWhole(type)) {
      return "a whole number";
    }
    if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
      return "a number";
    }
    if (Collection.class.isAssignableFrom(type) || type.isArray()) {
      return "a list";
    }
    if (type.isRecord()) {
      return "an object with the fields "
          + Arrays.stream(type.getRecordComponents())
              .map(c -> c.getName())
              .collect(Collectors.joining(", "));
    }
    return Map.class.isAssignableFrom(type) ? "an object" : "a JSON object";
  }

  private static boolean isWhole(Class<?> type) {
    return type == Long.class
        || type == long.class
        || type == Integer.class
        || type == int.class
        || type == Short.class
        || type == short.class
        || type == java.math.BigInteger.class;
  }

  private static String range(Class<?> type) {
    if (type == Long.TYPE || type == Long.class) {
      return "a whole number from " + Long.MIN_VALUE + " to " + Long.MAX_VALUE;
    }
    if (type == Integer.TYPE || type == Integer.class) {
      return "a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE;
    }
    return "a number in range";
  }

  /** The number Jackson's message quotes: {@code Numeric value (123...) out of range}. */
  private static String number(String message) {
    int open = message.indexOf('(');
    int close = message.indexOf(')', open + 1);
    return open < 0 || close < 0 ? "the number" : message.substring(open + 1, close);
  }

  private static String unknownField(String document, UnrecognizedPropertyException u) {
    String known =
        u.getKnownPropertyIds().stream()
            .map(String::valueOf)
            .sorted()
            .collect(Collectors.joining(", ", "[", "]"));
    String path = JsonPaths.of(u);
    int last = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
    String in = last <= 0 ? "" : " in '" + path.substring(0, last) + "'";
    return "unknown field '" + u.getPropertyName() + "'" + in + "; known: " + known;
  }

  private static String where(String document, JsonMappingException m) {
    String path = JsonPaths.of(m);
    return path.isEmpty() ? document : "'" + path + "'";
  }

  /** What stood at the failing path of {@code tree}: {@code an object}, {@code the number 5}. */
  private static String given(JsonNode tree, JsonMappingException e) {
    JsonNode node = tree == null ? MissingNode.getInstance() : tree;
    for (JsonMappingException.Reference r : e.getPath()) {
      node = r.getFieldName() != null ? node.path(r.getFieldName()) : node.path(r.getIndex());
    }
    return switch (node.getNodeType()) {
      case OBJECT, POJO -> "an object";
      case ARRAY -> "a list";
      case STRING -> "the string \"" + shown(node.asText()) + "\"";
      case NUMBER -> "the number " + shown(node.asText());
      case BOOLEAN -> String.valueOf(node.asBoolean());
      case NULL -> "null";
      case BINARY, MISSING -> "what was sent";
    };
  }

  /** Client text as shown in a message: at most {@value #SHOWN} characters, escaped. */
  private static String shown(String text) {
    String cut = text.length() > SHOWN ? text.substring(0, SHOWN) + "..." : text;
    return org.maintd.protocol.text.Escaped.of(cut);
  }

  private static String at(JsonProcessingException e) {
    return e.getLocation() == null || e.getLocation().getLineNr() < 1
        ? ""
        : " (line "
            + e.getLocation().getLineNr()
            + ", column "
            + e.getLocation().getColumnNr()
            + ")";
  }

  /** A parser's complaint without where Jackson thinks the source is. */
  private static String parseProblem(JsonProcessingException e) {
    if (e instanceof JsonEOFException) {
      return "it ends in the middle of a value";
    }
    String message = e.getOriginalMessage();
    int source = message.indexOf(" (start marker at [Source");
    source = source < 0 ? message.indexOf("\n at [Source") : source;
    return source < 0 ? message : message.substring(0, source);
  }
}
