package org.maintd.round;

/**
 * A line for the daemon's log, with its context ({@code [incident=...]}, {@code [node=...]}) in the
 * text.
 */
public record LogLine(Level level, String text) {
  /** How much it matters. */
  public enum Level {
    INFO,
    WARN,
    ERROR
  }

  public static LogLine info(String text) {
    return new LogLine(Level.INFO, text);
  }

  public static LogLine warn(String text) {
    return new LogLine(Level.WARN, text);
  }

  public static LogLine error(String text) {
    return new LogLine(Level.ERROR, text);
  }
}
