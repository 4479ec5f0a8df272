package org.maintd.daemon.poll;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.time.Instant;
import java.util.Map;
import org.maintd.cluster.NodeNames;
import org.maintd.diagnose.DiagnoseFormatException;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.diagnose.NodeReport;
import org.maintd.incident.Observation;
import org.maintd.signing.SignatureException;
import org.maintd.signing.SignatureVerifier;
import org.maintd.spi.CollectorReading;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.SignedJson;

/**
 * Turns one collector answer into a reading: checks the signature (freshness, replay per node),
 * unwraps the mond envelope, checks that it is the polled node's report ({@code node} inside the
 * signed message; refused as {@code wrong-node} otherwise) and parses its data. Unsigned answers
 * are refused unless allowed; an unsigned report without a node (a Ganeti 2.17 mond) is then taken
 * for the polled node's. Thread-safe.
 */
public final class ReportReader {
  private final SignatureVerifier verifier;
  private final boolean allowUnsigned;
  private final DiagnoseParser parser = new DiagnoseParser();

  public ReportReader(SignatureVerifier verifier, boolean allowUnsigned) {
    this.verifier = verifier;
    this.allowUnsigned = allowUnsigned;
  }

  public CollectorReading read(String node, String body, Instant now) {
    String msg;
    boolean signed = false;
    try {
      Object parsed = Json.parse(body);
      if (SignedJson.isSigned(parsed)) {
        msg = verifier.verify(node, SignedJson.read(body), now);
        signed = true;
      } else if (allowUnsigned) {
        msg = body;
      } else {
        return rejected(node, "unsigned", "unsigned report refused (collector.allowUnsigned is false)", now);
      }
    } catch (SignatureException e) {
      return rejected(node, e.reason().label(), e.getMessage(), now);
    } catch (JsonProcessingException e) {
      return rejected(node, "not-json", "answer is not JSON: " + e.getOriginalMessage(), now);
    }
    return interpret(node, msg, signed, now);
  }

  private CollectorReading interpret(String node, String msg, boolean signed, Instant now) {
    try {
      Object envelope = Json.parse(msg);
      if (!(envelope instanceof Map<?, ?> map) || !map.containsKey("data")) {
        return rejected(node, "bad-envelope", "report has no 'data' field", now);
      }
      Object named = map.get("node");
      if ((signed || named != null) && !(named instanceof String n && NodeNames.same(n, node))) {
        return rejected(node, "wrong-node", "the report is " + (named == null ? "for no node" : "node " + named + "'s")
            + ", not " + node + "'s", now);
      }
      NodeReport report = parser.parseReportData(map.get("data"));
      String bootId = map.get("boot_id") instanceof String id ? id : "";
      if (report instanceof NodeReport.CollectorError e) {
        return new CollectorReading(node, new Observation.Unknown(e.reason()), "collector-error", e.reason(), now, bootId);
      }
      if (report instanceof NodeReport.NeedsAction a) {
        return new CollectorReading(node, new Observation.Fault(a.diagnosis()), "ok", a.diagnosis().status().wireName(), now, bootId);
      }
      return new CollectorReading(node, new Observation.Clear(), "ok", "Ok", now, bootId);
    } catch (JsonProcessingException e) {
      return rejected(node, "bad-envelope", "signed message is not JSON: " + e.getOriginalMessage(), now);
    } catch (DiagnoseFormatException e) {
      return rejected(node, "bad-report", e.getMessage(), now);
    }
  }

  private static CollectorReading rejected(String node, String reason, String detail, Instant now) {
    return new CollectorReading(node, new Observation.Unknown(reason), "rejected", reason + ": " + detail, now);
  }
}
