package org.maintd.daemon.notify;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.Notifications;
import org.maintd.daemon.store.FileDeliveries;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.notify.Event;
import org.maintd.notify.EventKind;

/**
 * The deliveries of one leader over the file record in a temporary directory, its time a fake
 * clock: made once per receiver that wants the event, claimed once, retried after the back-off,
 * given up in the end, forgotten a day after they ended.
 */
class OutboxTest {
  private static final Instant T0 = Instant.parse("2026-11-29T15:00:00Z");
  private static final Event OPENED =
      new Event("incident-opened/u1", EventKind.INCIDENT_OPENED, T0, "n2", "opened");
  private static final Event FAILED =
      new Event("incident-failed/u1", EventKind.INCIDENT_FAILED, T0, "n2", "failed");

  @TempDir Path tmp;
  FakeClock clock = new FakeClock(T0);
  FileDeliveries record;
  Outbox outbox;

  @BeforeEach
  void open() {
    record = new FileDeliveries(tmp.resolve("notifications.json"));
    outbox = outbox(record);
  }

  private Outbox outbox(Deliveries r) {
    return new Outbox(
        r,
        new Notifications(
            List.of(
                receiver("all", EnumSet.complementOf(EnumSet.of(EventKind.TEST))),
                receiver("failures", EnumSet.of(EventKind.INCIDENT_FAILED))),
            Duration.ofSeconds(5),
            Duration.ofSeconds(10),
            Duration.ofSeconds(30),
            Duration.ofMinutes(2)),
        clock);
  }

  private static Notifications.Receiver receiver(String name, EnumSet<EventKind> events) {
    return new Notifications.Receiver(
        name,
        new Notifications.Target.Webhook(URI.create("http://127.0.0.1:1/" + name)),
        events,
        Notifications.Form.JSON);
  }

  @Test
  void anEventIsMadeOneDeliveryPerReceiverThatWantsItAndNeverTwice() {
    outbox.offer(List.of(OPENED, FAILED));
    outbox.offer(List.of(OPENED));
    outbox(new FileDeliveries(tmp.resolve("notifications.json"))).offer(List.of(FAILED));
    assertEquals(
        List.of("all|incident-failed/u1", "all|incident-opened/u1", "failures|incident-failed/u1"),
        record.all().stream().map(Delivery::key).sorted().toList());
  }

  @Test
  void ofTwoLeadersThatClaimTheSameDeliveryOnlyOneGetsIt() {
    outbox.offer(List.of(FAILED));
    Delivery due = outbox.due("failures").orElseThrow();
    Outbox other = outbox(new FileDeliveries(tmp.resolve("notifications.json")));
    assertTrue(other.claim(due).isPresent());
    assertEquals(Optional.empty(), outbox.claim(due));
    assertEquals(Optional.empty(), outbox.due("failures"), "claimed: due no more");
  }

  @Test
  void aFailedDeliveryIsDueAgainAfterItsBackOffUntilItIsGivenUp() {
    outbox.offer(List.of(FAILED));
    Delivery sending = outbox.claim(outbox.due("failures").orElseThrow()).orElseThrow();
    outbox.failed(sending, "HTTP 503");
    clock.advance(Duration.ofSeconds(9));
    assertEquals(Optional.empty(), outbox.due("failures"));
    clock.advance(Duration.ofSeconds(1));
    Delivery again = outbox.due("failures").orElseThrow();
    assertEquals(List.of(1, "HTTP 503"), List.of(again.attempts(), again.error()));
    for (int i = 0; i < 4; i++) {
      outbox.failed(outbox.claim(again).orElseThrow(), "HTTP 503");
      clock.advance(Duration.ofSeconds(30));
      again = outbox.due("failures").orElse(again);
    }
    Delivery last = only("failures|incident-failed/u1");
    assertEquals(Delivery.Status.GAVE_UP, last.status(), last.toString());
    assertEquals(Optional.empty(), outbox.due("failures"));
  }

  @Test
  void aLeaderThatTakesOverGivesUpWhatTheOldOneWasSendingAndSendsWhatWaits() {
    outbox.offer(List.of(FAILED));
    outbox.claim(outbox.due("failures").orElseThrow()).orElseThrow();
    Outbox next = outbox(new FileDeliveries(tmp.resolve("notifications.json")));
    next.takeOver();
    assertEquals(Delivery.Status.GAVE_UP, only("failures|incident-failed/u1").status());
    assertEquals(Delivery.Status.PENDING, only("all|incident-failed/u1").status());
    assertTrue(next.due("all").isPresent());
  }

  @Test
  void endedDeliveriesAreForgottenADayAfterTheyWereMadeAndWaitingOnesNever() {
    outbox.offer(List.of(OPENED, FAILED));
    outbox.sent(outbox.claim(outbox.due("failures").orElseThrow()).orElseThrow());
    clock.advance(Duration.ofHours(24));
    outbox.prune();
    assertEquals(3, record.all().size(), "not older than a day yet");
    clock.advance(Duration.ofSeconds(1));
    outbox.prune();
    assertEquals(
        List.of("all|incident-failed/u1", "all|incident-opened/u1"),
        record.all().stream().map(Delivery::key).sorted().toList());
  }

  @Test
  void aLeaderThatTakesOverGivesUpWhatWaitsForAReceiverNoLongerConfigured() {
    Delivery gone = Delivery.of("gone", FAILED, T0);
    record.add(gone);
    outbox.takeOver();
    Delivery after = only("gone|incident-failed/u1");
    assertEquals(Delivery.Status.GAVE_UP, after.status(), after.toString());
    assertEquals("its receiver is no longer configured", after.error());
  }

  @Test
  void aDeliveryRecordedWhileTheRecordIsReadAgainIsStillDue() throws Exception {
    Thread[] offering = new Thread[1];
    Deliveries readingSlowly =
        new Deliveries() {
          boolean first = true;

          @Override
          public boolean add(Delivery d) {
            return record.add(d);
          }

          @Override
          public boolean replace(Delivery was, Delivery next) {
            return record.replace(was, next);
          }

          @Override
          public void remove(Delivery d) {
            record.remove(d);
          }

          /** The first read: an offer made between reading the record and using what was read. */
          @Override
          public List<Delivery> all() {
            List<Delivery> read = record.all();
            if (first) {
              first = false;
              offering[0] = new Thread(() -> outbox.offer(List.of(FAILED)));
              offering[0].start();
              await("the offer is made or waits for the read")
                  .atMost(Duration.ofSeconds(10))
                  .until(
                      () ->
                          offering[0].getState() == Thread.State.BLOCKED
                              || offering[0].getState() == Thread.State.TERMINATED);
            }
            return read;
          }
        };
    outbox = outbox(readingSlowly);
    outbox.takeOver();
    offering[0].join(10_000);
    assertTrue(outbox.due("failures").isPresent(), "the delivery just recorded is due");
  }

  private Delivery only(String key) {
    return record.all().stream().filter(d -> d.key().equals(key)).findFirst().orElseThrow();
  }
}
