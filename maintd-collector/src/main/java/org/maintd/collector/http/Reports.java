package org.maintd.collector.http;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.maintd.signing.HmacKey;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.SignedJson;

/**
 * Builds the mond-shaped report envelope around the diagnose data, naming the node inside the
 * signed message (a report cannot pass for another node's), and signs messages with the cluster
 * key (unless signing is switched off). Thread-safe.
 */
public final class Reports {
  private final String node;
  private final HmacKey key;
  private final Clock clock;
  private final Path bootIdFile;

  /** Reports of {@code node}, signed with {@code key} (null: unsigned); {@code bootIdFile} (may be null) names its boot id. */
  public Reports(String node, HmacKey key, Clock clock, Path bootIdFile) {
    this.node = node;
    this.key = key;
    this.clock = clock;
    this.bootIdFile = bootIdFile;
  }

  /** The envelope of {@code node}'s report of {@code data}, made at {@code at}. */
  public static Map<String, Object> envelope(String node, Map<String, Object> data, Instant at) {
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("name", "diagnose");
    report.put("version", "B");
    report.put("format_version", 1);
    report.put("timestamp", at.getEpochSecond() * 1_000_000_000L + at.getNano());
    report.put("category", "node");
    report.put("kind", 1);
    report.put("node", node);
    report.put("data", data);
    return report;
  }

  /**
   * The report around {@code data}, with the node's boot id ({@code boot_id}, beside the mond
   * fields) when it can be read: a new one tells the daemon the node has rebooted.
   */
  public Map<String, Object> report(Map<String, Object> data) {
    Map<String, Object> report = envelope(node, data, clock.instant());
    bootId().ifPresent(id -> report.put("boot_id", id));
    return report;
  }

  private Optional<String> bootId() {
    if (bootIdFile == null) {
      return Optional.empty();
    }
    try {
      String id = Files.readString(bootIdFile).strip();
      return id.isEmpty() ? Optional.empty() : Optional.of(id);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** The signed wire form of {@code payload}, or the bare payload when there is no key. */
  public String signed(Object payload) {
    String msg = Json.write(payload);
    return key == null ? msg : SignedJson.write(key.sign(msg, clock.instant()));
  }
}
