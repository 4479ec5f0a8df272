package org.maintd.protocol.state;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.util.Arrays;
import java.util.List;
import org.maintd.protocol.json.JsonPaths;

/**
 * A binding error of the state file as a {@link BadField}: the field by its path and, for a value
 * maintd does not know, the value and those it knows; for a record that lacks what it needs, the
 * fields it lacks. Stateless.
 */
final class BindingErrors {
  private BindingErrors() {}

  /** {@code e}, raised binding {@code tree}, as a {@link BadField}. */
  static BadField of(JsonMappingException e, JsonNode tree) {
    String path = JsonPaths.of(e);
    if (e instanceof InvalidFormatException f
        && f.getTargetType() != null
        && f.getTargetType().isEnum()) {
      return BadField.unknown(
          path,
          f.getValue(),
          Arrays.stream(f.getTargetType().getEnumConstants())
              .map(c -> ((Enum<?>) c).name())
              .toList());
    }
    if (e instanceof InvalidTypeIdException t) {
      return unknownType(path, t);
    }
    if (e instanceof ValueInstantiationException v) {
      List<String> lacking = lacking(v.getType().getRawClass(), at(tree, e.getPath()));
      Throwable cause = v.getCause() == null ? v : v.getCause();
      return new BadField(
          path,
          lacking.isEmpty()
              ? String.valueOf(cause.getMessage())
              : "it lacks " + String.join(", ", lacking));
    }
    return new BadField(path, e.getOriginalMessage());
  }

  /**
   * A polymorphic value (an operation) whose type maintd does not know: the type field and the
   * types it knows, as its mixin declares them.
   */
  private static BadField unknownType(String path, InvalidTypeIdException e) {
    Class<?> mixin = Mappers.RECORDS.findMixInClassFor(e.getBaseType().getRawClass());
    JsonTypeInfo info = mixin == null ? null : mixin.getAnnotation(JsonTypeInfo.class);
    JsonSubTypes types = mixin == null ? null : mixin.getAnnotation(JsonSubTypes.class);
    if (info == null || types == null) {
      return new BadField(path, e.getOriginalMessage());
    }
    String field = path + "." + info.property();
    return e.getTypeId() == null
        ? BadField.missing(field)
        : BadField.unknown(
            field,
            e.getTypeId(),
            Arrays.stream(types.value()).map(JsonSubTypes.Type::name).toList());
  }

  /** The node of {@code tree} at {@code path}; a missing node when there is none. */
  private static JsonNode at(JsonNode tree, List<JsonMappingException.Reference> path) {
    JsonNode node = tree;
    for (JsonMappingException.Reference r : path) {
      node = r.getFieldName() != null ? node.path(r.getFieldName()) : node.path(r.getIndex());
    }
    return node;
  }

  /** The fields of the record {@code type} that {@code node} lacks or holds as null. */
  private static List<String> lacking(Class<?> type, JsonNode node) {
    if (!type.isRecord() || !node.isObject()) {
      return List.of();
    }
    return Arrays.stream(type.getRecordComponents())
        .map(NullFields::jsonName)
        .filter(n -> node.path(n).isMissingNode() || node.path(n).isNull())
        .toList();
  }
}
