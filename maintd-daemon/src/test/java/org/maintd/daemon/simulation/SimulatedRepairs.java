package org.maintd.daemon.simulation;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;
import org.maintd.daemon.repair.RepairTransport;
import org.maintd.protocol.repair.RepairRequest;
import org.maintd.protocol.repair.RepairResult;

/**
 * The nodes' repair endpoints of a simulation: a command runs at most once per incident and a
 * repeated request gets the first result, as the collector's records give. {@code demo-fix}
 * succeeds, anything else fails. A request can be lost before it arrives or its answer after the
 * command ran; a powered-off node does not answer. Every command run goes into the {@link Ledger}.
 */
final class SimulatedRepairs implements RepairTransport {
  private final SimulatedCluster cluster;
  private final Ledger ledger;
  private final Map<UUID, RepairResult> done = new HashMap<>();
  private int loseRequests;
  private int loseAnswers;

  SimulatedRepairs(SimulatedCluster cluster, Ledger ledger) {
    this.cluster = cluster;
    this.ledger = ledger;
  }

  @Override
  public RepairResult run(RepairRequest request) throws IOException {
    if (cluster.poweredOff(request.node())) {
      throw new IOException("connection refused by " + request.node());
    }
    if (loseRequests > 0) {
      loseRequests--;
      throw new IOException("simulated: the request to " + request.node() + " was lost");
    }
    RepairResult before = done.get(request.incident());
    RepairResult result;
    if (before != null) {
      result = before.asReplay();
    } else {
      boolean fixes = request.command().equals("demo-fix");
      result =
          new RepairResult(
              request.node(),
              request.incident().toString(),
              request.command(),
              fixes ? 0 : 1,
              fixes ? "fixed" : "cannot",
              null,
              false);
      done.put(request.incident(), result);
      ledger.record("repair", request.incident().toString(), request.incident().toString());
    }
    if (loseAnswers > 0) {
      loseAnswers--;
      throw new IOException("simulated: the answer of " + request.node() + " was lost");
    }
    return result;
  }

  void loseNextRequest() {
    loseRequests++;
  }

  void loseNextAnswer() {
    loseAnswers++;
  }

  void heal() {
    loseRequests = 0;
    loseAnswers = 0;
  }
}
