package org.maintd.maintenance;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * An instance's answer to the drain of a machine it runs on (Mesos' inverse-offer status, with the
 * reason Mesos does not keep): accepted, declined, or unknown (a consent command that hung, failed
 * or printed no answer); when, from where ({@code tag}, or {@code command NAME}), and when to ask
 * again ({@code retryAfter}, for a command's decline that says so).
 */
public record Consent(
    String instance,
    String node,
    Answer answer,
    String reason,
    Instant at,
    Optional<Instant> retryAfter,
    String source) {

  /** What the instance said. */
  public enum Answer {
    ACCEPT,
    DECLINE,
    UNKNOWN;

    /** As Mesos' inverse-offer status names it. */
    public String wireName() {
      return name();
    }

    public static Answer parse(String text) {
      for (Answer a : values()) {
        if (a.name().equals(text)) {
          return a;
        }
      }
      throw new IllegalArgumentException(
          "unknown consent answer '" + text + "' (ACCEPT, DECLINE or UNKNOWN)");
    }
  }

  public Consent {
    if (instance.isBlank() || node.isBlank()) {
      throw new IllegalArgumentException(
          "a consent names its instance and its node, not '" + instance + "' on '" + node + "'");
    }
    Objects.requireNonNull(answer, "answer");
    Objects.requireNonNull(reason, "reason");
    Objects.requireNonNull(at, "at");
    Objects.requireNonNull(retryAfter, "retryAfter");
    Objects.requireNonNull(source, "source");
  }

  public boolean declined() {
    return answer == Answer.DECLINE;
  }
}
