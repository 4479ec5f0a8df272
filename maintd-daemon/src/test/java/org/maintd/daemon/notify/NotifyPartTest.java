package org.maintd.daemon.notify;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.Notifications;
import org.maintd.daemon.store.FileDeliveries;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.notify.EventKind;
import org.maintd.notify.StateEvents;
import org.maintd.spi.MaintdState;

/**
 * The part that sends, with its real threads, a JSON-lines file receiver and the file record in a
 * temporary directory, its time a fake clock: what becomes of a delivery whose attempt throws. Well
 * under a second.
 */
class NotifyPartTest {
  private static final Instant T0 = Instant.parse("2026-11-29T15:00:00Z");

  @TempDir Path tmp;
  FakeClock clock = new FakeClock(T0);
  FileDeliveries record;
  Notifications config;
  NotifyPart part;

  @BeforeEach
  void start() {
    record = new FileDeliveries(tmp.resolve("notifications.json"));
  }

  /** The part, started, with one receiver, {@code log}, that appends to {@code file}. */
  private void start(Path file) {
    config =
        new Notifications(
            List.of(
                new Notifications.Receiver(
                    "log",
                    new Notifications.Target.File(file),
                    EnumSet.complementOf(EnumSet.of(EventKind.TEST)),
                    Notifications.Form.JSON)),
            Duration.ofSeconds(5),
            Duration.ofSeconds(10),
            Duration.ofSeconds(30),
            Duration.ofMinutes(2));
    part = new NotifyPart(config, clock);
    part.start();
  }

  @AfterEach
  void stop() {
    if (part != null) {
      part.close();
    }
  }

  private void lead() {
    part.lead(
        new Outbox(record, config, clock),
        MaintdState.initial(T0),
        StateEvents.leaderChanged("m1", "serial-1", T0));
  }

  private Delivery recorded(String id) {
    return record.all().stream().filter(d -> d.id().equals(id)).findFirst().orElseThrow();
  }

  @Test
  void aDeliveryWhoseEventCannotBeReadIsAFailedAttemptTriedAgainNotLeftSending() {
    Delivery unreadable =
        new Delivery(
            "log",
            "no-such-kind/1",
            "no-such-kind",
            T0.toEpochMilli(),
            "n2",
            "from a newer maintd",
            Delivery.Status.PENDING,
            0,
            T0.toEpochMilli(),
            "",
            T0.toEpochMilli());
    record.add(unreadable);
    start(tmp.resolve("events.jsonl"));
    lead();
    await("the attempt is recorded")
        .atMost(Duration.ofSeconds(10))
        .until(() -> recorded("no-such-kind/1").attempts() == 1);
    Delivery after = recorded("no-such-kind/1");
    assertEquals(Delivery.Status.PENDING, after.status(), after.toString());
    assertTrue(after.error().contains("unknown event kind 'no-such-kind'"), after.error());
    assertEquals(T0.plusSeconds(10).toEpochMilli(), after.next(), "due again after the back-off");
  }

  @Test
  void aDaemonThatStandsDownTellsNoReceiverDownAnyMore() {
    start(tmp);
    lead();
    await("the receiver that cannot be appended to is down")
        .atMost(Duration.ofSeconds(10))
        .until(() -> !part.status().up("log"));
    assertEquals(1, part.warnings().size(), part.warnings().toString());
    part.standDown();
    assertTrue(part.status().up("log"), "maintd_notification_receiver_up is 1 on a standby");
    assertEquals(List.of(), part.warnings());
  }

  @Test
  void aTestSentFromAStandbyLeavesTheReceiversStatusAsItWas() {
    start(tmp);
    Answer a = part.test().get("log");
    assertTrue(a instanceof Answer.Failed, a.toString());
    assertTrue(part.status().up("log"), "maintd_notification_receiver_up stays 1");
    assertEquals(0, part.status().failed("log"));
  }
}
