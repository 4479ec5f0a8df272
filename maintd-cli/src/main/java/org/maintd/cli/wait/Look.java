package org.maintd.cli.wait;

/**
 * One look at work under way, as the API shows it: still {@link Going}, {@link Done} or {@link
 * Failed}, each with the progress line to show. The value is what the API answered about the work
 * at the end (printed with {@code -o json}). Immutable.
 *
 * @param <T> what the API shows of the work
 */
public sealed interface Look<T> permits Look.Going, Look.Done, Look.Failed {
  /** The progress line: one line of text, no line break. */
  String line();

  /** The work has ended: done, or failed. */
  sealed interface Ended<T> permits Done, Failed {
    /** What the API showed of the work at its end. */
    T value();

    /** The value when the work is done; {@link WorkFailed} with the work's own message if not. */
    T orThrow();
  }

  /** Still under way. */
  record Going<T>(String line) implements Look<T> {}

  /** Ended as asked. */
  record Done<T>(T value, String line) implements Look<T>, Ended<T> {
    @Override
    public T orThrow() {
      return value;
    }
  }

  /** Ended otherwise; {@code message} is the work's own word on why (a job's, a campaign's). */
  record Failed<T>(T value, String line, String message) implements Look<T>, Ended<T> {
    @Override
    public T orThrow() {
      throw new WorkFailed(message);
    }
  }

  static <T> Going<T> going(String line) {
    return new Going<>(line);
  }

  static <T> Done<T> done(T value, String line) {
    return new Done<>(value, line);
  }

  static <T> Failed<T> failed(T value, String line, String message) {
    return new Failed<>(value, line, message);
  }
}
