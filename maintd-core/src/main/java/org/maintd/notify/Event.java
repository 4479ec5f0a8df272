package org.maintd.notify;

import java.time.Instant;
import java.util.Objects;

/**
 * One thing an operator is told of: its identity ({@code id}, the same whichever daemon makes it),
 * what kind it is, when it happened (the time of the step that stored it), what it is about ({@code
 * subject}: a node, an incident's uuid, a campaign's id) and what happened in an operator's words.
 * Immutable.
 */
public record Event(String id, EventKind kind, Instant time, String subject, String text) {
  public Event {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(time, "time");
    subject = subject == null ? "" : subject;
    text = text == null ? "" : text;
  }

  /** An event whose identity is its kind's wire name and {@code key}. */
  static Event of(EventKind kind, String key, Instant time, String subject, String text) {
    return new Event(kind.wireName() + "/" + key, kind, time, subject, text);
  }
}
