package org.maintd.daemon.consent;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.maintd.config.DurationText;
import org.maintd.maintenance.Consent;
import org.maintd.protocol.json.Json;

/**
 * What a consent command printed, read: {@code {"consent": "accept"}} or {@code {"consent":
 * "decline", "reason": "...", "retry_after": "10m"}} ({@code retry_after} a duration, or seconds as
 * a number). Anything else is an unknown answer saying what was wrong. Stateless.
 */
final class ConsentReply {
  private ConsentReply() {}

  static Consent read(String instance, String node, String source, String stdout, Instant now) {
    Object parsed;
    try {
      parsed = Json.parse(stdout.strip());
    } catch (JsonProcessingException e) {
      return unknown(instance, node, source, "it printed no JSON object", now);
    }
    if (!(parsed instanceof Map<?, ?> answer)) {
      return unknown(instance, node, source, "it printed no JSON object", now);
    }
    Object consent = answer.get("consent");
    if ("accept".equals(consent)) {
      return new Consent(instance, node, Consent.Answer.ACCEPT, "", now, Optional.empty(), source);
    }
    if (!"decline".equals(consent)) {
      return unknown(
          instance,
          node,
          source,
          "'consent' is "
              + (consent == null ? "missing" : "'" + consent + "'")
              + ", not accept or decline",
          now);
    }
    String reason = answer.get("reason") instanceof String r ? r : "";
    Optional<Duration> retry;
    try {
      retry = retryAfter(answer.get("retry_after"));
    } catch (IllegalArgumentException e) {
      return unknown(instance, node, source, "'retry_after' " + e.getMessage(), now);
    }
    return new Consent(
        instance, node, Consent.Answer.DECLINE, reason, now, retry.map(now::plus), source);
  }

  private static Optional<Duration> retryAfter(Object value) {
    if (value == null) {
      return Optional.empty();
    }
    if (value instanceof Number n && n.longValue() >= 0) {
      return Optional.of(Duration.ofSeconds(n.longValue()));
    }
    if (value instanceof String s) {
      return Optional.of(DurationText.parse(s));
    }
    throw new IllegalArgumentException("is not a duration (10m) or a number of seconds: " + value);
  }

  static Consent unknown(String instance, String node, String source, String why, Instant now) {
    return new Consent(instance, node, Consent.Answer.UNKNOWN, why, now, Optional.empty(), source);
  }
}
