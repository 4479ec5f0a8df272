package org.maintd.daemon.notify;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import org.maintd.daemon.config.Notifications;
import org.maintd.notify.Event;
import org.maintd.protocol.text.Escaped;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The deliveries of one leader: events made into one delivery per receiver that wants them,
 * recorded before they are tried; each claimed ({@code SENDING}) before its attempt, then {@code
 * SENT}, or pending again after a back-off, until it is given up. A delivery recorded already (by
 * this leader or one before it) is not made again. Ended deliveries are forgotten after {@link
 * #kept}. What is due is found in a copy of the record kept here, read once when the leader takes
 * over and again whenever a change finds the record changed under it; every change goes to the
 * record first, and a change and its copy are made under one lock, so that a read again never drops
 * what was just recorded. Thread-safe.
 */
public final class Outbox {
  private static final Logger log = LoggerFactory.getLogger(Outbox.class);
  private static final Duration KEPT_AT_LEAST = Duration.ofDays(1);

  private final Deliveries record;
  private final Notifications config;
  private final Clock clock;
  private final Map<String, Delivery> known = new ConcurrentHashMap<>();

  public Outbox(Deliveries record, Notifications config, Clock clock) {
    this.record = record;
    this.config = config;
    this.clock = clock;
  }

  /**
   * Gives up the deliveries a leader before this one was sending when it stopped (they may have
   * arrived, and are not sent again) and those waiting for a receiver no longer configured. Reads
   * the record.
   */
  public void takeOver() {
    reread();
    Set<String> receivers =
        config.receivers().stream().map(Notifications.Receiver::name).collect(Collectors.toSet());
    for (Delivery d : List.copyOf(known.values())) {
      if (d.status() == Delivery.Status.SENDING) {
        giveUp(
            d,
            "its sender stopped while sending: not sent again",
            "not sent again: the daemon that was sending it stopped");
      } else if (d.status() == Delivery.Status.PENDING && !receivers.contains(d.receiver())) {
        giveUp(
            d,
            "its receiver is no longer configured",
            "given up: its receiver is no longer configured");
      }
    }
  }

  /** {@code d} given up for {@code why} (recorded), {@code logged} as a warning. */
  private void giveUp(Delivery d, String why, String logged) {
    replace(d, d.failed(why, clock.instant()).to(Delivery.Status.GAVE_UP));
    log.warn(
        "[notification={}] [receiver={}] {}", Escaped.of(d.id()), Escaped.of(d.receiver()), logged);
  }

  /** Records a delivery of each event to each receiver that wants it, unless one is recorded. */
  public void offer(List<Event> events) {
    Instant now = clock.instant();
    for (Event e : events) {
      for (Notifications.Receiver r : config.receivers()) {
        Delivery d = Delivery.of(r.name(), e, now);
        if (r.wants(e.kind()) && added(d)) {
          log.debug("[notification={}] [receiver={}] queued", Escaped.of(e.id()), r.name());
        }
      }
    }
  }

  /** Whether {@code d} was recorded now (false when it was recorded already). */
  private synchronized boolean added(Delivery d) {
    if (known.containsKey(d.key()) || !record.add(d)) {
      return false;
    }
    known.put(d.key(), d);
    return true;
  }

  /** The oldest delivery to {@code receiver} due now; empty when none is. */
  public Optional<Delivery> due(String receiver) {
    long now = clock.millis();
    return known.values().stream()
        .filter(d -> d.receiver().equals(receiver))
        .filter(d -> d.status() == Delivery.Status.PENDING && d.next() <= now)
        .min(Comparator.comparingLong(Delivery::made).thenComparing(Delivery::id));
  }

  /** {@code d} claimed for an attempt; empty when the record changed under it. */
  public Optional<Delivery> claim(Delivery d) {
    Delivery sending = d.to(Delivery.Status.SENDING);
    return replace(d, sending) ? Optional.of(sending) : Optional.empty();
  }

  /** The claimed {@code sending} arrived. */
  public void sent(Delivery sending) {
    replace(sending, sending.to(Delivery.Status.SENT));
  }

  /** The claimed {@code sending} failed for {@code why}: tried again later, or given up. */
  public void failed(Delivery sending, String why) {
    Instant now = clock.instant();
    Instant retryAt =
        now.plus(Backoff.after(sending.attempts() + 1, config.retry(), config.retryMax()));
    Delivery next = sending.failed(why, retryAt);
    if (Instant.ofEpochMilli(sending.made()).plus(config.giveUpAfter()).isBefore(retryAt)) {
      next = next.to(Delivery.Status.GAVE_UP);
      log.error(
          "[notification={}] [receiver={}] given up after {} attempts: {}",
          Escaped.of(sending.id()),
          Escaped.of(sending.receiver()),
          next.attempts(),
          Escaped.of(why));
    }
    replace(sending, next);
  }

  /** Forgets the deliveries that ended longer than {@link #kept} ago. */
  public void prune() {
    long oldest = clock.instant().minus(kept()).toEpochMilli();
    for (Delivery d : List.copyOf(known.values())) {
      if (d.status() != Delivery.Status.PENDING
          && d.status() != Delivery.Status.SENDING
          && d.made() < oldest) {
        forget(d);
      }
    }
  }

  private synchronized void forget(Delivery d) {
    record.remove(d);
    known.remove(d.key());
  }

  /** {@code was} replaced by {@code next} in the record; when it changed, read again. */
  private synchronized boolean replace(Delivery was, Delivery next) {
    if (record.replace(was, next)) {
      known.put(next.key(), next);
      return true;
    }
    reread();
    return false;
  }

  private synchronized void reread() {
    Map<String, Delivery> all = new HashMap<>();
    record.all().forEach(d -> all.put(d.key(), d));
    known.keySet().retainAll(all.keySet());
    known.putAll(all);
  }

  /** How long an ended delivery is remembered: {@code giveUpAfter}, at least a day. */
  Duration kept() {
    return config.giveUpAfter().compareTo(KEPT_AT_LEAST) > 0 ? config.giveUpAfter() : KEPT_AT_LEAST;
  }
}
