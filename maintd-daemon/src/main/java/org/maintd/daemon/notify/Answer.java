package org.maintd.daemon.notify;

/** What a receiver answered one attempt: it took the event, or why it did not. Immutable. */
public sealed interface Answer {
  /** In an operator's words: {@code 200}, {@code appended to /var/log/...}, or why not. */
  String text();

  /** The receiver took it. */
  record Delivered(String text) implements Answer {}

  /** The receiver did not take it (or could not be reached), for {@code text}. */
  record Failed(String text) implements Answer {}
}
