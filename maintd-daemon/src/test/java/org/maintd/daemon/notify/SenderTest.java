package org.maintd.daemon.notify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.config.Notifications;
import org.maintd.notify.Event;
import org.maintd.notify.EventKind;

/**
 * What a webhook's failures say: its host and port, never the user info of its URL (a password).
 * Real sockets on the loopback, well under a second.
 */
class SenderTest {
  private static final Instant T0 = Instant.parse("2026-11-29T15:00:00Z");
  private static final Event OPENED =
      new Event("incident-opened/u1", EventKind.INCIDENT_OPENED, T0, "n2", "opened");

  private static Sender webhook(int port) {
    return Sender.of(
        new Notifications.Receiver(
            "hook",
            new Notifications.Target.Webhook(
                URI.create("http://operator:s3cret@127.0.0.1:" + port + "/hook")),
            EnumSet.of(EventKind.INCIDENT_OPENED),
            Notifications.Form.JSON),
        Duration.ofSeconds(5));
  }

  private static String warned(Answer a) {
    ReceiverStatus status = new ReceiverStatus();
    status.answered("hook", a, T0);
    List<String> warnings = status.warnings();
    assertEquals(1, warnings.size(), warnings.toString());
    return warnings.get(0);
  }

  @Test
  void aReceiverThatCannotBeReachedIsNamedByHostAndPortWithoutItsPassword() throws Exception {
    int port;
    try (ServerSocket closed = new ServerSocket(0)) {
      port = closed.getLocalPort();
    }
    String warning = warned(webhook(port).send(OPENED));
    assertTrue(warning.contains("127.0.0.1:" + port), warning);
    assertFalse(warning.contains("s3cret"), warning);
    assertFalse(warning.contains("operator"), warning);
  }

  @Test
  void aReceiverThatDropsTheConnectionIsNamedByHostAndPortWithoutItsPassword() throws Exception {
    try (ServerSocket dropping = new ServerSocket(0)) {
      Thread peer =
          new Thread(
              () -> {
                try (Socket s = dropping.accept()) {
                  s.getInputStream().read();
                } catch (java.io.IOException e) {
                  // the test's sender sees the connection end either way
                }
              });
      peer.setDaemon(true);
      peer.start();
      String warning = warned(webhook(dropping.getLocalPort()).send(OPENED));
      assertTrue(warning.contains("cannot send to 127.0.0.1:" + dropping.getLocalPort()), warning);
      assertFalse(warning.contains("s3cret"), warning);
    }
  }
}
