package org.maintd.daemon.notify;

import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How each receiver answered its last delivery, for {@code /1/health} and the metrics: whether it
 * is up (it took the last one; up until it is first tried), since when it is down and why, and how
 * many deliveries it took and failed. Thread-safe.
 */
public final class ReceiverStatus {
  /** One receiver as its last attempt left it. */
  public record Last(boolean up, String why, Instant since) {}

  private final Map<String, Last> last = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> sent = new ConcurrentHashMap<>();
  private final Map<String, AtomicLong> failed = new ConcurrentHashMap<>();

  /** Records {@code answer} of {@code receiver} at {@code now}. */
  public void answered(String receiver, Answer answer, Instant now) {
    boolean up = answer instanceof Answer.Delivered;
    (up ? sent : failed).computeIfAbsent(receiver, r -> new AtomicLong()).incrementAndGet();
    last.compute(
        receiver,
        (r, was) ->
            was != null && was.up() == up
                ? new Last(up, answer.text(), was.since())
                : new Last(up, answer.text(), now));
  }

  /**
   * Forgets how each receiver answered last: each is up again, as before its first delivery (the
   * counts stay).
   */
  public void forgetLast() {
    last.clear();
  }

  /** Whether {@code receiver} took its last delivery (true before its first). */
  public boolean up(String receiver) {
    Last l = last.get(receiver);
    return l == null || l.up();
  }

  public long sent(String receiver) {
    return sent.getOrDefault(receiver, new AtomicLong()).get();
  }

  public long failed(String receiver) {
    return failed.getOrDefault(receiver, new AtomicLong()).get();
  }

  /** What {@code /1/health} warns of: each receiver that is down, since when and why. */
  public java.util.List<String> warnings() {
    return last.entrySet().stream()
        .filter(e -> !e.getValue().up())
        .sorted(Map.Entry.comparingByKey())
        .map(
            e ->
                "notification receiver "
                    + e.getKey()
                    + " is down since "
                    + e.getValue().since()
                    + ": "
                    + e.getValue().why()
                    + " (its events wait and are tried again)")
        .toList();
  }
}
