package org.maintd.daemon.testing;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/**
 * What the daemon logs while a test runs, as Logback hands it to its appenders: every event of
 * maintd's loggers from INFO up (the tests' configuration shows only WARN), with its message
 * formatted. Closing it puts the logging back as it was. Thread-safe.
 */
public final class CapturedLog implements AutoCloseable {
  private final Logger root = (Logger) LoggerFactory.getLogger(Logger.ROOT_LOGGER_NAME);
  private final Logger maintd = (Logger) LoggerFactory.getLogger("org.maintd");
  private final Level level = maintd.getLevel();
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

  public CapturedLog() {
    appender.start();
    root.addAppender(appender);
    maintd.setLevel(Level.INFO);
  }

  /** The events logged so far, oldest first. */
  public List<ILoggingEvent> events() {
    synchronized (appender) {
      return List.copyOf(appender.list);
    }
  }

  /** Each event's message, formatted, oldest first. */
  public List<String> messages() {
    return events().stream().map(ILoggingEvent::getFormattedMessage).toList();
  }

  @Override
  public void close() {
    root.detachAppender(appender);
    appender.stop();
    maintd.setLevel(level);
  }
}
