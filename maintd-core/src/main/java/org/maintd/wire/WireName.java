package org.maintd.wire;

import java.util.Locale;
import java.util.Optional;

/**
 * A constant as it is written in reports, tags, the state and the API: its name in lower case,
 * words joined by hyphens ({@code FIX_STORAGE} is {@code fix-storage}), unless it says otherwise.
 */
public interface WireName {

  /** The constant's name in the code (an enum's own {@code name()}). */
  String name();

  default String wireName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The constant of {@code type} written {@code text}; empty when none is. */
  static <E extends Enum<E> & WireName> Optional<E> parse(Class<E> type, String text) {
    for (E constant : type.getEnumConstants()) {
      if (constant.wireName().equals(text)) {
        return Optional.of(constant);
      }
    }
    return Optional.empty();
  }
}
