package org.maintd.cli.command;

import java.time.Duration;
import org.maintd.cli.wait.Durations;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * {@code --[no-]wait} and {@code --timeout} of a command that starts work, with the command's own
 * defaults: commands whose work ends within a poll or a job and whose next command depends on it
 * wait unless told not to ({@link #byDefault}); those whose work takes hours or is held on purpose,
 * or whose own effect is at once while what follows runs by itself, wait when asked ({@link
 * #onRequest}). Each picks a timeout its work should end within when nothing is stuck. Mutable (as
 * picocli sets it), then read once.
 */
final class WaitOptions {
  @Option(
      names = "--wait",
      negatable = true,
      fallbackValue = "true",
      description =
          "Wait until the work has ended, with a progress line (exit 1 with its own message if it"
              + " failed) (default: ${DEFAULT-VALUE}); --no-wait returns once maintd has"
              + " accepted it.")
  boolean wait;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      converter = Limit.Converter.class,
      description =
          "Give up waiting after this long (30s, 10m, 2h) and exit 3; the work goes on (default:"
              + " ${DEFAULT-VALUE}).")
  Limit timeout;

  /** For picocli. */
  WaitOptions() {
    this(false, Duration.ofHours(1));
  }

  private WaitOptions(boolean wait, Duration timeout) {
    this.wait = wait;
    this.timeout = new Limit(timeout);
  }

  /** Waits unless {@code --no-wait}, for at most {@code timeout} by default. */
  static WaitOptions byDefault(Duration timeout) {
    return new WaitOptions(true, timeout);
  }

  /** Waits with {@code --wait}, for at most {@code timeout} by default. */
  static WaitOptions onRequest(Duration timeout) {
    return new WaitOptions(false, timeout);
  }

  boolean waits() {
    return wait;
  }

  Duration timeout() {
    return timeout.duration();
  }

  /** How long a wait may last: longer than nothing, at most {@link #MOST}; shown as typed. */
  record Limit(Duration duration) {
    static final Duration MOST = Duration.ofDays(30);

    @Override
    public String toString() {
      return Durations.text(duration);
    }

    /** {@code --timeout}'s text: a duration longer than zero. */
    static final class Converter implements ITypeConverter<Limit> {
      @Override
      public Limit convert(String text) {
        Duration d =
            DurationArgument.positive(
                text, "a wait lasts longer than that (--no-wait does not wait)");
        if (d.compareTo(MOST) > 0) {
          throw new TypeConversionException("'" + text + "': a wait lasts at most 30d");
        }
        return new Limit(d);
      }
    }
  }
}
