package org.maintd.protocol.state;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.maintd.wire.WireName;

/**
 * A field of the state file that cannot be read: where (a JSON path, {@code incidents[0].node}) and
 * why. Raised where a record is turned into the core's value, and prefixed with the path of the
 * record on its way out. Immutable.
 */
final class BadField extends IllegalArgumentException {
  private final String field;
  private final String problem;

  BadField(String field, String problem) {
    super("field '" + field + "' cannot be read: " + problem);
    this.field = field;
    this.problem = problem;
  }

  String field() {
    return field;
  }

  String problem() {
    return problem;
  }

  /** {@code value}, or a {@link BadField} saying {@code field} is missing. */
  static <T> T required(String field, T value) {
    if (value == null) {
      throw missing(field);
    }
    return value;
  }

  static BadField missing(String field) {
    return new BadField(field, "it is missing");
  }

  /** The constant of {@code type} written {@code text}; a {@link BadField} naming both if none. */
  static <E extends Enum<E> & WireName> E known(String field, Class<E> type, String text) {
    Optional<E> constant = WireName.parse(type, required(field, text));
    return constant.orElseThrow(
        () ->
            unknown(
                field,
                text,
                Arrays.stream(type.getEnumConstants()).map(WireName::wireName).toList()));
  }

  static BadField unknown(String field, Object value, List<String> known) {
    return new BadField(
        field,
        "unknown value '"
            + value
            + "' (maintd knows "
            + known.stream().collect(Collectors.joining(", "))
            + ")");
  }

  /** What {@code read} gives; a {@link BadField} it raises is named within {@code path}. */
  static <T> T within(String path, Supplier<T> read) {
    try {
      return read.get();
    } catch (BadField e) {
      throw new BadField(path + "." + e.field, e.problem);
    }
  }
}
