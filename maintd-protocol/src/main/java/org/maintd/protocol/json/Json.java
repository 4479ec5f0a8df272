package org.maintd.protocol.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.type.LogicalType;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;

/**
 * The JSON and YAML mappers of maintd: strict (duplicate keys, trailing tokens and, when binding
 * records, unknown fields are errors; a text field takes only strings), plain maps and lists for
 * untyped values, records by component name, operations tagged by {@code op}. {@link #LENIENT}
 * reads answers of a newer peer, ignoring fields it does not know. Thread-safe, shared.
 */
public final class Json {
  public static final ObjectMapper MAPPER =
      JsonMapper.builder()
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(DeserializationFeature.USE_LONG_FOR_INTS)
          .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
          .withCoercionConfig(
              LogicalType.Textual,
              c ->
                  c.setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                      .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
          .addModule(new Jdk8Module())
          .addMixIn(Operation.class, OperationMixin.class)
          .addMixIn(JobSpec.class, JobSpecMixin.class)
          .build();

  /**
   * What clients send: {@link #MAPPER}'s rules, and a boolean field takes only {@code true} or
   * {@code false}, never {@code 1} or {@code "yes"}.
   */
  public static final ObjectMapper BODIES = withJsonBooleans(MAPPER.copy());

  public static final ObjectMapper LENIENT =
      MAPPER.copy().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** The writer of fixtures and of files people read: two-space indentation, one field a line. */
  public static final ObjectWriter PRETTY = MAPPER.writerWithDefaultPrettyPrinter();

  public static final ObjectMapper YAML =
      YAMLMapper.builder().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION).build();

  private Json() {}

  private static ObjectMapper withJsonBooleans(ObjectMapper mapper) {
    mapper
        .coercionConfigFor(LogicalType.Boolean)
        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
        .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    return mapper;
  }

  /** Parses strict JSON into maps, lists, strings, numbers, booleans and null. */
  public static Object parse(String text) throws JsonProcessingException {
    return MAPPER.readValue(text, Object.class);
  }

  /** Binds strict JSON to {@code type}. */
  public static <T> T read(String text, Class<T> type) throws JsonProcessingException {
    return MAPPER.readValue(text, type);
  }

  public static <T> T read(String text, TypeReference<T> type) throws JsonProcessingException {
    return MAPPER.readValue(text, type);
  }

  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write JSON: " + e.getOriginalMessage(), e);
    }
  }

  /** {@code value} as {@link #PRETTY} writes it, with a final newline. */
  public static String pretty(Object value) {
    try {
      return PRETTY.writeValueAsString(value) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write JSON: " + e.getOriginalMessage(), e);
    }
  }
}
