package org.maintd.daemon.app;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.IThrowableProxy;
import ch.qos.logback.classic.spi.ThrowableProxy;
import ch.qos.logback.core.filter.Filter;
import ch.qos.logback.core.spi.FilterReply;
import java.io.IOException;
import java.util.List;
import org.apache.zookeeper.KeeperException;

/**
 * Keeps out of the log what ZooKeeper's client, Curator and Netty log with a stack trace when a
 * connection fails for a reason of the network or of TLS (an I/O exception, a handshake refused),
 * or ZooKeeper refuses maintd's login or access (AuthFailed, NoAuth): maintd says what such a
 * failure means itself, once (a lost connection, a znode it may not use, or a start refused in one
 * line naming the setting). Anything else they log, a bug among it, goes through with its trace.
 * Stateless; Logback calls it from any thread.
 */
public final class ExpectedConnectionFailures extends Filter<ILoggingEvent> {
  private static final List<String> CLIENTS =
      List.of("org.apache.zookeeper.", "org.apache.curator.", "io.netty.");

  @Override
  public FilterReply decide(ILoggingEvent event) {
    return fromClient(event.getLoggerName()) && network(event.getThrowableProxy())
        ? FilterReply.DENY
        : FilterReply.NEUTRAL;
  }

  private static boolean fromClient(String logger) {
    return CLIENTS.stream().anyMatch(logger::startsWith);
  }

  /** ZooKeeper refused maintd's login or access: maintd names the credentials or the znode. */
  private static boolean refused(Throwable t) {
    return t instanceof KeeperException.AuthFailedException
        || t instanceof KeeperException.NoAuthException;
  }

  private static boolean network(IThrowableProxy proxy) {
    if (!(proxy instanceof ThrowableProxy p)) {
      return false;
    }
    Throwable t = p.getThrowable();
    for (int depth = 0; t != null && depth < 20; depth++, t = t.getCause()) {
      if (t instanceof IOException || refused(t)) {
        return true;
      }
    }
    return false;
  }
}
