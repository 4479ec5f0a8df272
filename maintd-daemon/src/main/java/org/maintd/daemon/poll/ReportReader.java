package org.maintd.daemon.poll;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.time.Duration;
import java.time.Instant;
import org.maintd.cluster.NodeNames;
import org.maintd.diagnose.DiagnoseFormatException;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.diagnose.NodeReport;
import org.maintd.incident.Observation;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.report.DiagnoseReport;
import org.maintd.protocol.signing.Envelopes;
import org.maintd.protocol.signing.SignatureException;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.protocol.signing.SignedJson;
import org.maintd.protocol.signing.SignedMessage;
import org.maintd.spi.CollectorReading;

/**
 * Turns one collector answer into a reading: checks the signature (freshness, replay per node),
 * unwraps the mond envelope, checks that it is the polled node's report ({@code node} inside the
 * signed message; refused as {@code wrong-node} otherwise) and parses its data; the reading keeps
 * when the collector made the report (its {@code timestamp}). Unsigned answers are refused unless
 * allowed; an unsigned report without a node (a Ganeti 2.17 mond) is then taken for the polled
 * node's. Thread-safe.
 */
public final class ReportReader {
  private final SignatureVerifier verifier;
  private final boolean allowUnsigned;
  private final ReportClocks clocks;
  private final DiagnoseParser parser = new DiagnoseParser();

  public ReportReader(SignatureVerifier verifier, boolean allowUnsigned) {
    this(verifier, allowUnsigned, ReportClocks.NONE);
  }

  /** A reader that tells {@code clocks} of each signed report refused for its clock or accepted. */
  public ReportReader(SignatureVerifier verifier, boolean allowUnsigned, ReportClocks clocks) {
    this.verifier = verifier;
    this.allowUnsigned = allowUnsigned;
    this.clocks = clocks;
  }

  public CollectorReading read(String node, String body, Instant now) {
    DiagnoseReport report;
    boolean signed;
    try {
      Object parsed = Json.parse(body);
      signed = SignedJson.isSigned(parsed);
      if (signed) {
        report = open(node, SignedJson.of(parsed), now);
      } else if (allowUnsigned) {
        report = Json.LENIENT.convertValue(parsed, DiagnoseReport.class);
      } else {
        return rejected(
            node, "unsigned", "unsigned report refused (collector.allowUnsigned is false)", now);
      }
    } catch (SignatureException e) {
      return rejected(node, e.label(), e.getMessage(), now);
    } catch (JsonProcessingException e) {
      return rejected(node, "not-json", "answer is not JSON: " + e.getOriginalMessage(), now);
    } catch (IllegalArgumentException e) {
      return rejected(node, "bad-envelope", e.getMessage(), now);
    }
    return interpret(node, report, signed, now);
  }

  /** The signed report opened; its node's clock told to {@link #clocks} either way. */
  private DiagnoseReport open(String node, SignedMessage m, Instant now) {
    try {
      DiagnoseReport report = Envelopes.open(verifier, node, m, DiagnoseReport.class, now);
      clocks.accepted(node);
      return report;
    } catch (SignatureException e) {
      if (e.reason() == SignatureException.Reason.STALE
          || e.reason() == SignatureException.Reason.FUTURE) {
        long ahead = Long.parseLong(m.salt()) - now.getEpochSecond();
        clocks.refused(node, Duration.ofSeconds(ahead), verifier.skew());
      }
      throw e;
    }
  }

  private CollectorReading interpret(
      String node, DiagnoseReport report, boolean signed, Instant now) {
    if (report == null || report.data() == null) {
      return rejected(node, "bad-envelope", "report has no 'data' field", now);
    }
    if ((signed || report.node() != null) && !NodeNames.same(report.node(), node)) {
      return rejected(
          node,
          "wrong-node",
          "the report is "
              + (report.node() == null ? "for no node" : "node " + report.node() + "'s")
              + ", not "
              + node
              + "'s",
          now);
    }
    String bootId = report.boot_id() == null ? "" : report.boot_id();
    try {
      return madeAt(report, reading(node, parser.parseReportData(report.data()), bootId, now));
    } catch (DiagnoseFormatException e) {
      return rejected(node, "bad-report", e.getMessage(), now);
    }
  }

  private static CollectorReading reading(
      String node, NodeReport parsed, String bootId, Instant now) {
    if (parsed instanceof NodeReport.CollectorError e) {
      return new CollectorReading(
          node, new Observation.Unknown(e.reason()), "collector-error", e.reason(), now, bootId);
    }
    if (parsed instanceof NodeReport.NeedsAction a) {
      return new CollectorReading(
          node,
          new Observation.Fault(a.diagnosis()),
          "ok",
          a.diagnosis().status().wireName(),
          now,
          bootId);
    }
    if (parsed instanceof NodeReport.Healthy) {
      return new CollectorReading(node, new Observation.Clear(), "ok", "Ok", now, bootId);
    }
    throw new IllegalStateException("no reading for the report " + parsed);
  }

  /** The reading with the time the collector made its report, when the report gives it. */
  private static CollectorReading madeAt(DiagnoseReport report, CollectorReading r) {
    Long nanos = report.timestamp();
    return nanos == null ? r : r.reportedAt(Instant.ofEpochSecond(0, nanos));
  }

  private static CollectorReading rejected(String node, String reason, String detail, Instant now) {
    return new CollectorReading(
        node, new Observation.Unknown(reason), "rejected", reason + ": " + detail, now);
  }
}
