package org.maintd.collector.http;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maintd.signing.HmacKey;
import org.maintd.wire.Json;
import org.maintd.wire.SignedJson;

/**
 * Builds the mond-shaped report envelope around the diagnose data and signs messages with the
 * cluster key (unless signing is switched off). Thread-safe.
 */
public final class Reports {
  private final HmacKey key;
  private final Clock clock;

  public Reports(HmacKey key, Clock clock) {
    this.key = key;
    this.clock = clock;
  }

  public static Map<String, Object> envelope(Map<String, Object> data, Instant at) {
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("name", "diagnose");
    report.put("version", "B");
    report.put("format_version", 1);
    report.put("timestamp", at.getEpochSecond() * 1_000_000_000L + at.getNano());
    report.put("category", "node");
    report.put("kind", 1);
    report.put("data", data);
    return report;
  }

  public Map<String, Object> report(Map<String, Object> data) {
    return envelope(data, clock.instant());
  }

  /** The signed wire form of {@code payload}, or the bare payload when there is no key. */
  public String signed(Object payload) {
    String msg = Json.write(payload);
    return key == null ? msg : SignedJson.write(key.sign(msg, clock.instant()));
  }
}
