package org.maintd.daemon.repair;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.jetty.client.ContentResponse;
import org.maintd.cluster.NodeNames;
import org.maintd.daemon.poll.CollectorCalls;
import org.maintd.protocol.repair.RepairRecords;
import org.maintd.protocol.signing.SignatureException;
import org.maintd.recovery.RepairRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks every node's collector which repairs it has started ({@code GET /1/repairs}, signed, for
 * that node), for a daemon rebuilding its lost state. A collector that does not answer, or answers
 * badly, is reported: its repairs would otherwise go unseen. A record the collector cannot read is
 * passed on as such, so that its node is held. Blocking; thread-safe.
 */
public final class RepairRecordsClient {
  private static final Logger log = LoggerFactory.getLogger(RepairRecordsClient.class);

  private final CollectorCalls calls;
  private final Duration timeout;

  public RepairRecordsClient(CollectorCalls calls, Duration timeout) {
    this.calls = calls;
    this.timeout = timeout;
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
    ContentResponse response = calls.request(node, "/1/repairs", timeout).send();
    RepairRecords answer;
    try {
      answer = calls.open(response, RepairRecords.class, "");
    } catch (SignatureException e) {
      throw new IllegalStateException("signature refused (" + e.label() + "): " + e.getMessage());
    }
    if (!NodeNames.same(answer.node(), node) || answer.repairs() == null) {
      throw new IllegalStateException("wrong-node or malformed answer: node " + answer.node());
    }
    List<RepairRecord> out = new ArrayList<>();
    for (RepairRecords.Entry r : answer.repairs()) {
      if (r.original() != null && "node-command".equals(r.original().get("maintd"))) {
        continue; // a reboot or master fail-over, not a repair of an incident
      }
      if (r.unreadable() != null) {
        log.warn("[node={}] its collector cannot read a repair record: {}", node, r.unreadable());
      }
      out.add(
          new RepairRecord(
              node,
              r.incident() == null ? "" : r.incident(),
              r.command() == null ? "" : r.command(),
              r.original() == null ? Map.of() : r.original(),
              r.outcome() == null ? Optional.empty() : Optional.of(r.outcome().succeeded()),
              Optional.ofNullable(r.unreadable())));
    }
    return out;
  }
}
