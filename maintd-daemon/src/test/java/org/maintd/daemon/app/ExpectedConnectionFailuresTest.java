package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.core.spi.FilterReply;
import io.netty.handler.codec.DecoderException;
import java.net.ConnectException;
import javax.net.ssl.SSLHandshakeException;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.Test;

/** What of the ZooKeeper client's logging the daemon's log keeps. */
class ExpectedConnectionFailuresTest {
  private final LoggerContext context = new LoggerContext();
  private final ExpectedConnectionFailures filter = new ExpectedConnectionFailures();

  private FilterReply decide(String logger, Throwable t) {
    return filter.decide(
        new LoggingEvent(
            "test", context.getLogger(logger), Level.ERROR, "Unexpected throwable", t, null));
  }

  @Test
  void theClientsTracesOfNetworkTlsAndLoginFailuresAreKeptOut() {
    assertEquals(
        FilterReply.DENY,
        decide(
            "org.apache.zookeeper.ClientCnxnSocketNetty",
            new DecoderException(
                new SSLHandshakeException("Received fatal alert: bad_certificate"))));
    assertEquals(
        FilterReply.DENY,
        decide("org.apache.zookeeper.ClientCnxn", new ConnectException("Connection refused")));
    assertEquals(
        FilterReply.DENY,
        decide(
            "org.apache.curator.framework.imps.CuratorFrameworkImpl",
            new IllegalStateException(new KeeperException.AuthFailedException())));
  }

  @Test
  void whatLooksLikeABugAndMaintdsOwnLoggingGoThrough() {
    assertEquals(
        FilterReply.NEUTRAL,
        decide("org.apache.zookeeper.ClientCnxnSocketNetty", new NullPointerException()));
    assertEquals(
        FilterReply.NEUTRAL,
        decide("org.apache.zookeeper.ClientCnxn", new NoClassDefFoundError("io/netty/X")));
    assertEquals(
        FilterReply.NEUTRAL,
        decide("org.maintd.daemon.zookeeper.ZooKeeperConnection", new ConnectException("x")));
    assertEquals(FilterReply.NEUTRAL, decide("org.apache.zookeeper.ClientCnxn", null));
  }
}
