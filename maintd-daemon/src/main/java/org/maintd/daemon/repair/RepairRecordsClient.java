package org.maintd.daemon.repair;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.maintd.cluster.NodeNames;
import org.maintd.daemon.poll.CollectorUrls;
import org.maintd.recovery.RepairRecord;
import org.maintd.signing.SignatureException;
import org.maintd.signing.SignatureVerifier;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.SignedJson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks every node's collector which repairs it has started ({@code GET /1/repairs}, signed, for
 * that node), for a daemon rebuilding its lost state. A collector that does not answer, or answers
 * badly, is reported: its repairs would otherwise go unseen. Blocking; thread-safe.
 */
public final class RepairRecordsClient {
  private static final Logger log = LoggerFactory.getLogger(RepairRecordsClient.class);

  private final HttpClient client;
  private final CollectorUrls urls;
  private final SignatureVerifier verifier;
  private final Duration timeout;
  private final Clock clock;

  public RepairRecordsClient(HttpClient client, CollectorUrls urls, SignatureVerifier verifier, Duration timeout, Clock clock) {
    this.client = client;
    this.urls = urls;
    this.verifier = verifier;
    this.timeout = timeout;
    this.clock = clock;
  }

  /** The records of every node that answered, and why the others did not. */
  public record Answers(List<RepairRecord> records, List<String> unanswered) {}

  public Answers fetch(Collection<String> nodes) {
    List<RepairRecord> records = new ArrayList<>();
    List<String> unanswered = new ArrayList<>();
    for (String node : nodes) {
      try {
        records.addAll(of(node));
      } catch (Exception e) {
        log.warn("[node={}] cannot read the repairs its collector ran: {}", node, e.getMessage());
        unanswered.add(node + ": " + e.getMessage());
      }
    }
    return new Answers(records, unanswered);
  }

  private List<RepairRecord> of(String node) throws Exception {
    ContentResponse response = client.newRequest(urls.resolve(node, "/1/repairs"))
        .timeout(timeout.toMillis(), TimeUnit.MILLISECONDS).send();
    if (response.getStatus() != 200) {
      throw new IllegalStateException("HTTP " + response.getStatus() + ": " + response.getContentAsString());
    }
    String msg;
    try {
      msg = verifier.verifyFresh(SignedJson.read(response.getContentAsString()), clock.instant());
    } catch (SignatureException e) {
      throw new IllegalStateException("signature refused (" + e.reason().label() + "): " + e.getMessage());
    }
    Object parsed;
    try {
      parsed = Json.parse(msg);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("not JSON: " + e.getOriginalMessage());
    }
    if (!(parsed instanceof Map<?, ?> m) || !(m.get("node") instanceof String named) || !NodeNames.same(named, node)
        || !(m.get("repairs") instanceof List<?> list)) {
      throw new IllegalStateException("wrong-node or malformed answer: " + msg);
    }
    List<RepairRecord> out = new ArrayList<>();
    for (Object o : list) {
      if (o instanceof Map<?, ?> r && r.get("incident") instanceof String incident) {
        out.add(new RepairRecord(node, incident, String.valueOf(r.get("command")), original(r.get("original")),
            outcome(r.get("outcome"))));
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> original(Object value) {
    return value instanceof Map<?, ?> m ? (Map<String, Object>) m : Map.of();
  }

  private static Optional<Boolean> outcome(Object value) {
    if (!(value instanceof Map<?, ?> m)) {
      return Optional.empty();
    }
    return Optional.of(m.get("error") == null && m.get("exit_code") instanceof Number n && n.intValue() == 0);
  }
}
