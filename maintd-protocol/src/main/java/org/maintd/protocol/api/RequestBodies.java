package org.maintd.protocol.api;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.io.IOException;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.json.JsonErrors;

/**
 * Binds a request body to its record, with errors in the API's words that name what is wrong (an
 * {@link IllegalArgumentException}: 400): a body that is empty, {@code null} or not JSON, an
 * unknown field (and the known ones), a field of the wrong JSON type (its path, the type expected
 * and what came instead), a value the record refuses. Stateless.
 */
public final class RequestBodies {
  private static final String BODY = "the request body";

  private RequestBodies() {}

  /** {@code body} as {@code type}, never null. */
  public static <T> T bind(String body, Class<T> type) {
    return bind(body, Json.MAPPER.constructType(type));
  }

  /** {@code body} as {@code type}, never null. */
  public static <T> T bind(String body, TypeReference<T> type) {
    return bind(body, Json.MAPPER.constructType(type));
  }

  /**
   * The body parsed, then bound: a value of the wrong type is named with what the body holds there.
   */
  private static <T> T bind(String body, JavaType type) {
    JsonNode tree;
    try {
      tree = Json.BODIES.readTree(body);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(JsonErrors.explain(BODY, e, null));
    }
    if (tree == null || tree.isMissingNode()) {
      throw new IllegalArgumentException(
          BODY + " is empty: it must be " + JsonErrors.expected(type.getRawClass()));
    }
    T bound;
    try {
      bound = Json.BODIES.readerFor(type).readValue(tree);
    } catch (ValueInstantiationException v) {
      throw v.getCause() instanceof IllegalArgumentException refused
          ? refused
          : new IllegalArgumentException(JsonErrors.explain(BODY, v, tree));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(JsonErrors.explain(BODY, e, tree));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    if (bound == null) {
      throw new IllegalArgumentException(
          BODY + " must be " + JsonErrors.expected(type.getRawClass()) + ", not null");
    }
    return bound;
  }
}
