package org.maintd.protocol.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.Map;

/**
 * A collector's report, in the shape of Ganeti's monitoring daemon (mond): {@code name}, {@code
 * version}, {@code format_version}, {@code timestamp} (nanoseconds since the epoch), {@code
 * category}, {@code kind} (1: a status collector), plus {@code node} (the reporting node, inside
 * the signed message) and {@code boot_id} (when known), and the diagnose {@code data}.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record DiagnoseReport(
    String name,
    String version,
    Integer format_version,
    Long timestamp,
    String category,
    Integer kind,
    String node,
    String boot_id,
    Object data) {

  /**
   * {@code node}'s report of {@code data}, made at {@code at}, with its boot id (null: unknown).
   */
  public static DiagnoseReport of(
      String node, Map<String, Object> data, Instant at, String bootId) {
    return new DiagnoseReport(
        "diagnose",
        "B",
        1,
        at.getEpochSecond() * 1_000_000_000L + at.getNano(),
        "node",
        1,
        node,
        bootId,
        data);
  }
}
