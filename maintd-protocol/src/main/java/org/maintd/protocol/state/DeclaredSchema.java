package org.maintd.protocol.state;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.OptionalInt;

/**
 * The schema a state file declares in its top-level {@code schema} field, found by reading the
 * file's tokens without binding them, so that a file of a newer schema is known as such before any
 * field this maintd does not know is met. Stateless.
 */
final class DeclaredSchema {
  private DeclaredSchema() {}

  /**
   * The number in the top-level {@code schema} field of {@code bytes}; empty when there is none,
   * when it is not an integer that fits, or when the text is no JSON object (reading it says why).
   */
  static OptionalInt of(byte[] bytes) {
    try (JsonParser p = Mappers.RECORDS.getFactory().createParser(bytes)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return OptionalInt.empty();
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if ("schema".equals(name)) {
          return value == JsonToken.VALUE_NUMBER_INT
                  && p.getNumberType() == JsonParser.NumberType.INT
              ? OptionalInt.of(p.getIntValue())
              : OptionalInt.empty();
        }
        p.skipChildren();
      }
      return OptionalInt.empty();
    } catch (IOException e) {
      return OptionalInt.empty();
    }
  }
}
