package org.maintd.daemon.notify;

import java.time.Instant;
import org.maintd.notify.Event;
import org.maintd.notify.EventKind;
import org.maintd.wire.WireName;

/**
 * One event on its way to one receiver, as it is recorded beside the state: the receiver's name,
 * the event (its id, kind, time, subject and text), where the delivery stands, how many attempts
 * failed, when the next is due (milliseconds since the epoch), the last failure, and when the
 * delivery was made. Immutable.
 */
public record Delivery(
    String receiver,
    String id,
    String kind,
    long time,
    String subject,
    String text,
    Status status,
    int attempts,
    long next,
    String error,
    long made) {

  /**
   * Where a delivery stands: {@code PENDING} (to be tried at {@code next}), {@code SENDING} (an
   * attempt is under way: a leader that takes over never tries it again, as it may have arrived),
   * {@code SENT}, {@code GAVE_UP} (failed until {@code giveUpAfter}, or its sender stopped while
   * sending).
   */
  public enum Status {
    PENDING,
    SENDING,
    SENT,
    GAVE_UP
  }

  public Delivery {
    subject = subject == null ? "" : subject;
    text = text == null ? "" : text;
    error = error == null ? "" : error;
  }

  /** {@code event} for {@code receiver}, made at {@code now}: due at once. */
  public static Delivery of(String receiver, Event event, Instant now) {
    return new Delivery(
        receiver,
        event.id(),
        event.kind().wireName(),
        event.time().toEpochMilli(),
        event.subject(),
        event.text(),
        Status.PENDING,
        0,
        now.toEpochMilli(),
        "",
        now.toEpochMilli());
  }

  /** The key that tells this delivery from every other: its receiver and its event's id. */
  public String key() {
    return receiver + "|" + id;
  }

  /** The event it carries. */
  public Event event() {
    EventKind k =
        WireName.parse(EventKind.class, kind)
            .orElseThrow(() -> new IllegalArgumentException("unknown event kind '" + kind + "'"));
    return new Event(id, k, Instant.ofEpochMilli(time), subject, text);
  }

  /** This delivery with the status {@code status}. */
  public Delivery to(Status status) {
    return new Delivery(
        receiver, id, kind, time, subject, text, status, attempts, next, error, made);
  }

  /** Failed once more, with {@code why}: pending again at {@code retryAt}. */
  public Delivery failed(String why, Instant retryAt) {
    return new Delivery(
        receiver,
        id,
        kind,
        time,
        subject,
        text,
        Status.PENDING,
        attempts + 1,
        retryAt.toEpochMilli(),
        why,
        made);
  }
}
