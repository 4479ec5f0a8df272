package org.maintd.cli.command;

import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import org.maintd.config.DurationText;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A window's {@code --start} and {@code --duration} as {@code schedule add} reads them, in
 * nanoseconds as the schedule holds them: a start between 1970 and {@link #LAST} (the latest time
 * 64 bits of nanoseconds since 1970 hold), a duration longer than zero that fits as well. What does
 * not is a usage error naming the option, before anything is sent. Stateless.
 */
final class WindowTimes {
  /** The latest time a schedule holds. */
  static final Instant LAST = Instant.ofEpochSecond(0, Long.MAX_VALUE);

  private WindowTimes() {}

  /** {@code --start}: {@code +DURATION} from now, or a time such as 2027-03-01T02:00:00Z. */
  static final class Start implements ITypeConverter<Long> {
    @Override
    public Long convert(String text) {
      Instant t = when(text);
      if (t.isBefore(Instant.EPOCH)) {
        throw new TypeConversionException(
            "'" + text + "' is before 1970: a window starts after 1970-01-01T00:00:00Z");
      }
      if (t.isAfter(LAST)) {
        throw new TypeConversionException(
            "'" + text + "' is after " + LAST + ", the latest start a schedule holds");
      }
      return nanos(t);
    }

    private static Instant when(String text) {
      try {
        return text.startsWith("+")
            ? Instant.now()
                .plus(DurationText.parse(text.substring(1)))
                .truncatedTo(ChronoUnit.SECONDS)
            : Instant.parse(text);
      } catch (ArithmeticException | DateTimeException e) {
        if (text.startsWith("+") && !(e instanceof DateTimeParseException)) {
          return Instant.MAX;
        }
        throw notAStart(text);
      } catch (IllegalArgumentException e) {
        throw notAStart(text);
      }
    }

    private static TypeConversionException notAStart(String text) {
      return new TypeConversionException(
          "'" + text + "' is neither +DURATION (+90s, +2h) nor a time (2027-03-01T02:00:00Z)");
    }
  }

  /** {@code --duration}: how long a window lasts (1h, 90m), longer than zero. */
  static final class Length implements ITypeConverter<Long> {
    @Override
    public Long convert(String text) {
      Duration d =
          DurationArgument.positive(
              text,
              "a window lasts longer than that (leave --duration out for a window with no end)");
      try {
        return d.toNanos();
      } catch (ArithmeticException e) {
        throw new TypeConversionException(
            "'" + text + "' is longer than a window can last (about 292 years)");
      }
    }
  }

  /** Whether a window of {@code duration} from {@code start} ends by {@link #LAST}. */
  static boolean endsInTime(long start, long duration) {
    return start <= Long.MAX_VALUE - duration;
  }

  static long nanos(Instant t) {
    return t.getEpochSecond() * 1_000_000_000L + t.getNano();
  }
}
