package org.maintd.protocol.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;

/**
 * The JSON and YAML mappers of maintd: strict (duplicate keys and trailing tokens are errors),
 * plain maps and lists for untyped values. Thread-safe, shared.
 */
public final class Json {
  public static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(DeserializationFeature.USE_LONG_FOR_INTS)
          .build();

  public static final ObjectMapper YAML =
      YAMLMapper.builder()
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .build();

  private Json() {}

  /** Parses strict JSON into maps, lists, strings, numbers, booleans and null. */
  public static Object parse(String text) throws JsonProcessingException {
    return MAPPER.readValue(text, Object.class);
  }

  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write JSON: " + e.getOriginalMessage(), e);
    }
  }
}
