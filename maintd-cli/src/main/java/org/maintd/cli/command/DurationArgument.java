package org.maintd.cli.command;

import java.time.Duration;
import org.maintd.config.DurationText;
import picocli.CommandLine.TypeConversionException;

/**
 * A duration typed on the command line ({@code 90s}, {@code 10m}, {@code 2h}) for an option that
 * takes only one longer than zero: what is not is a usage error in the option's words. Stateless.
 */
final class DurationArgument {
  private DurationArgument() {}

  /** {@code text} as a duration; refused as not one, or as zero with {@code zero} after it. */
  static Duration positive(String text, String zero) {
    Duration d;
    try {
      d = DurationText.parse(text);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage());
    }
    if (d.isZero()) {
      throw new TypeConversionException("'" + text + "': " + zero);
    }
    return d;
  }
}
