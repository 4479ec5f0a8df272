package org.maintd.collector.http;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.Optional;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.report.DiagnoseReport;
import org.maintd.protocol.report.LoadReport;
import org.maintd.protocol.signing.Envelopes;
import org.maintd.protocol.signing.HmacKey;

/**
 * Builds the mond-shaped report envelope around the diagnose data and the load data, naming the
 * node inside the signed message (a report cannot pass for another node's), and signs messages with
 * the cluster key (unless signing is switched off). Thread-safe.
 */
public final class Reports {
  private final String node;
  private final HmacKey key;
  private final Clock clock;
  private final Path bootIdFile;

  /**
   * Reports of {@code node}, signed with {@code key} (null: unsigned); {@code bootIdFile} (may be
   * null) names its boot id.
   */
  public Reports(String node, HmacKey key, Clock clock, Path bootIdFile) {
    this.node = node;
    this.key = key;
    this.clock = clock;
    this.bootIdFile = bootIdFile;
  }

  /**
   * The report of {@code data}, with the node's boot id when it can be read: a new one tells the
   * daemon the node has rebooted.
   */
  public DiagnoseReport report(Map<String, Object> data) {
    return DiagnoseReport.of(node, data, clock.instant(), bootId().orElse(null));
  }

  /** The load report {@code collector} of {@code data}. */
  public LoadReport load(String collector, Object data) {
    return LoadReport.of(collector, node, data, clock.instant());
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
    return key == null ? Json.write(payload) : Envelopes.seal(key, payload, clock.instant());
  }
}
