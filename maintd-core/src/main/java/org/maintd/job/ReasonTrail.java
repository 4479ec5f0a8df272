package org.maintd.job;

/**
 * An entry of a Ganeti job's reason trail: source, text, timestamp in nanoseconds. maintd's source
 * is {@code gnt:daemon:maintd}; the text says what and why, names the incident and carries the
 * job's idempotency key in brackets.
 */
public record ReasonTrail(String source, String text, long timestampNanos) {
  public static final String SOURCE = "gnt:daemon:maintd";

  public static ReasonTrail of(String what, String key, long timestampNanos) {
    return new ReasonTrail(SOURCE, what + " [" + key + "]", timestampNanos);
  }
}
