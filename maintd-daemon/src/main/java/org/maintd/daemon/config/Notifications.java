package org.maintd.daemon.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.maintd.notify.EventKind;

/**
 * Where events are sent ({@code notifications} in {@code maintd.yaml}): the {@code receivers}, each
 * told of the events it wants; {@code timeout}, the time limit of one delivery; a failed delivery
 * is tried again after {@code retry}, doubled after each failure up to {@code retryMax}, until
 * {@code giveUpAfter} since the event. Immutable.
 */
public record Notifications(
    List<Receiver> receivers,
    Duration timeout,
    Duration retry,
    Duration retryMax,
    Duration giveUpAfter) {
  public Notifications {
    receivers = List.copyOf(receivers);
  }

  /** No receivers: nothing is sent. */
  public static Notifications none() {
    return new Notifications(
        List.of(),
        Duration.ofSeconds(5),
        Duration.ofSeconds(10),
        Duration.ofMinutes(10),
        Duration.ofHours(24));
  }

  /**
   * One receiver: its {@code name} (in the metrics and {@code /1/health}), where it is, the events
   * it wants (a test event goes to every receiver) and the form of what it is sent.
   */
  public record Receiver(String name, Target target, Set<EventKind> events, Form form) {
    public Receiver {
      events = Set.copyOf(events);
    }

    /** Whether this receiver wants events of {@code kind}. */
    public boolean wants(EventKind kind) {
      return kind == EventKind.TEST || events.contains(kind);
    }
  }

  /** Where a receiver is: a webhook, or a file that each event is appended to as a JSON line. */
  public sealed interface Target {
    /** An HTTP(S) URL, sent each event as a {@code POST}. */
    record Webhook(URI url) implements Target {}

    /** A file, each event appended as one line of JSON. */
    record File(Path path) implements Target {}
  }

  /**
   * What a receiver is sent: the event as JSON ({@code json}), or Slack's and Mattermost's incoming
   * webhook form {@code {"text": ...}} ({@code slack}).
   */
  public enum Form {
    JSON,
    SLACK
  }
}
