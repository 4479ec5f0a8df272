package org.maintd.protocol.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import java.util.Comparator;
import java.util.stream.Collectors;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.json.JsonPaths;

/**
 * Binds a request body to its record, with errors that name what is wrong: not JSON, an unknown
 * field (and the known ones), a field of the wrong type. Stateless.
 */
public final class RequestBodies {
  private RequestBodies() {}

  public static <T> T bind(String body, Class<T> type) {
    try {
      return Json.read(body, type);
    } catch (JsonProcessingException e) {
      throw explained(e);
    }
  }

  public static <T> T bind(String body, TypeReference<T> type) {
    try {
      return Json.read(body, type);
    } catch (JsonProcessingException e) {
      throw explained(e);
    }
  }

  private static IllegalArgumentException explained(JsonProcessingException e) {
    if (e instanceof com.fasterxml.jackson.databind.exc.ValueInstantiationException v
        && v.getCause() instanceof IllegalArgumentException refused) {
      return refused;
    }
    if (e instanceof UnrecognizedPropertyException u) {
      String known =
          u.getKnownPropertyIds().stream()
              .map(String::valueOf)
              .sorted(Comparator.naturalOrder())
              .collect(Collectors.joining(", ", "[", "]"));
      return new IllegalArgumentException(
          "unknown field '" + u.getPropertyName() + "'; known: " + known);
    }
    if (e instanceof MismatchedInputException m && !m.getPath().isEmpty()) {
      String path = JsonPaths.of(m);
      return new IllegalArgumentException(
          "'" + path + "' " + expected(m) + ": " + e.getOriginalMessage());
    }
    if (e instanceof com.fasterxml.jackson.core.exc.InputCoercionException) {
      return new IllegalArgumentException(
          "a number in the request body is out of range: " + e.getOriginalMessage());
    }
    if (e instanceof MismatchedInputException) {
      return new IllegalArgumentException(
          "request body is not of the right shape: " + e.getOriginalMessage());
    }
    return new IllegalArgumentException("request body is not JSON: " + e.getOriginalMessage());
  }

  private static String expected(MismatchedInputException m) {
    Class<?> t = m.getTargetType();
    if (t == null) {
      return "has the wrong type";
    }
    if (t == Long.class || t == long.class || t == Integer.class || t == int.class) {
      return "must be a whole number";
    }
    if (t == String.class) {
      return "must be a string";
    }
    if (t == Boolean.class || t == boolean.class) {
      return "must be true or false";
    }
    return "must be " + t.getSimpleName();
  }
}
