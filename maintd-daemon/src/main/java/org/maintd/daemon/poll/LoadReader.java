package org.maintd.daemon.poll;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.time.Instant;
import java.util.Map;
import org.maintd.cluster.NodeNames;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.report.CpuAvgLoad;
import org.maintd.protocol.report.LoadReport;
import org.maintd.protocol.signing.Envelopes;
import org.maintd.protocol.signing.SignatureException;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.protocol.signing.SignedJson;
import org.maintd.spi.LoadReading;

/**
 * Turns one collector's answer to {@code /1/report/default/cpu-avg-load} into its load: checked as
 * a diagnose report is (signature, freshness, replay: per node and report, so that the two reports
 * of a poll never stand in each other's way; the node inside the signed message), then its {@code
 * cpu_total}. What cannot be read is no load, with the reason. Thread-safe.
 */
public final class LoadReader {
  private final SignatureVerifier verifier;
  private final boolean allowUnsigned;

  public LoadReader(SignatureVerifier verifier, boolean allowUnsigned) {
    this.verifier = verifier;
    this.allowUnsigned = allowUnsigned;
  }

  public LoadReading read(String node, String body, Instant now) {
    LoadReport report;
    try {
      Object parsed = Json.parse(body);
      if (SignedJson.isSigned(parsed)) {
        report =
            Envelopes.open(
                verifier,
                node + "/" + LoadReport.CPU_AVG_LOAD,
                SignedJson.of(parsed),
                LoadReport.class,
                now);
      } else if (allowUnsigned) {
        report = Json.LENIENT.convertValue(parsed, LoadReport.class);
      } else {
        return none("unsigned load report refused");
      }
    } catch (SignatureException e) {
      return none(e.label() + ": " + e.getMessage());
    } catch (JsonProcessingException e) {
      return none("answer is not JSON: " + e.getOriginalMessage());
    } catch (IllegalArgumentException e) {
      return none("bad envelope: " + e.getMessage());
    }
    if (report.node() != null && !NodeNames.same(report.node(), node)) {
      return none("the load report is node " + report.node() + "'s");
    }
    return cpu(report);
  }

  private static LoadReading cpu(LoadReport report) {
    if (!LoadReport.CPU_AVG_LOAD.equals(report.name()) || report.data() == null) {
      return none("not a cpu-avg-load report");
    }
    if (report.data() instanceof Map<?, ?> m && m.containsKey("error")) {
      return none("the collector has no load yet: " + m.get("error"));
    }
    try {
      CpuAvgLoad data = Json.LENIENT.convertValue(report.data(), CpuAvgLoad.class);
      return new LoadReading.Cpu(data.cpu_total());
    } catch (IllegalArgumentException e) {
      return none("not a cpu-avg-load: " + e.getMessage());
    }
  }

  private static LoadReading none(String why) {
    return new LoadReading.NotMeasured(why);
  }
}
