package org.maintd.protocol.json;

import com.fasterxml.jackson.databind.JsonMappingException;

/**
 * Where in a document a binding failed, as people write it: {@code campaigns[0].status}. Stateless.
 */
public final class JsonPaths {
  private JsonPaths() {}

  public static String of(JsonMappingException e) {
    StringBuilder b = new StringBuilder();
    for (JsonMappingException.Reference r : e.getPath()) {
      if (r.getFieldName() != null) {
        b.append(b.isEmpty() ? "" : ".").append(r.getFieldName());
      } else {
        b.append('[').append(r.getIndex()).append(']');
      }
    }
    return b.toString();
  }
}
