package org.maintd.daemon.config;

import java.util.List;
import org.maintd.config.ConfigSection;

/**
 * A value of {@code maintd.yaml} chosen from a closed set: an enum whose constants are spelled as
 * the file spells them ({@link Backend}, {@link CommandRoute}, {@link PowerPath}), read once where
 * the file is loaded. Its constants are immutable.
 */
interface Choice {

  /** How {@code maintd.yaml} spells it. */
  String key();

  /**
   * The choice that {@code key} of {@code section} names, {@code fallback} when it is not set; any
   * other value is a problem naming the key and the values allowed ({@code must be one of [auto,
   * collector, backend], not 'ssh'}), and then {@code fallback}.
   */
  static <E extends Enum<E> & Choice> E read(ConfigSection section, String key, E fallback) {
    List<E> all = List.of(fallback.getDeclaringClass().getEnumConstants());
    String text = section.oneOf(key, fallback.key(), all.stream().map(Choice::key).toList());
    return all.stream().filter(c -> c.key().equals(text)).findFirst().orElse(fallback);
  }
}
