package org.maintd.health;

/** What instance health says of one instance this round: what it does, or why it waits. */
public record HealthNote(String instance, String text, boolean waits) {
  static HealthNote does(String instance, String text) {
    return new HealthNote(instance, text, false);
  }

  static HealthNote waits(String instance, String text) {
    return new HealthNote(instance, text, true);
  }
}
