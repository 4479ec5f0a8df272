package org.maintd.protocol.report;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.time.Instant;

/**
 * A collector's load report, in the shape of Ganeti's monitoring daemon (mond) so that the htools
 * read it ({@code hbal --mond-data}): {@code name} ({@code cpu-avg-load}, {@code kvm-inst-rss} or
 * {@code xen-cpu-avg-load}), {@code version} ({@code B}), {@code format_version} (1), {@code
 * timestamp} (nanoseconds since the epoch), {@code category} (null, written out as mond writes it),
 * {@code kind} (0: a performance collector), plus {@code node} (the reporting node, inside the
 * signed message), and the {@code data}: a {@link CpuAvgLoad}, or instance names to figures (RSS in
 * 4 KiB pages; CPU seconds per second), or mond's {@code {"error": "..."}} while there is none.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
@JsonPropertyOrder({
  "name",
  "version",
  "format_version",
  "timestamp",
  "category",
  "kind",
  "node",
  "data"
})
public record LoadReport(
    String name,
    String version,
    Integer format_version,
    Long timestamp,
    String category,
    Integer kind,
    String node,
    Object data) {
  public static final String CPU_AVG_LOAD = "cpu-avg-load";
  public static final String KVM_INST_RSS = "kvm-inst-rss";
  public static final String XEN_CPU_AVG_LOAD = "xen-cpu-avg-load";

  /** {@code node}'s report {@code name} of {@code data}, made at {@code at}. */
  public static LoadReport of(String name, String node, Object data, Instant at) {
    return new LoadReport(
        name, "B", 1, at.getEpochSecond() * 1_000_000_000L + at.getNano(), null, 0, node, data);
  }
}
