package org.maintd.daemon.repair;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.http.HttpMethod;
import org.maintd.cluster.NodeNames;
import org.maintd.daemon.poll.CollectorCalls;
import org.maintd.protocol.repair.RepairRequest;
import org.maintd.protocol.repair.RepairResult;

/**
 * Asks a node's collector to run a repair command ({@code POST /1/repair}, signed) and checks the
 * signed answer: fresh, and that node's answer for that incident. A 503 (the collector cannot
 * record results now, or is busy) is {@link CollectorWaits}: ask again later. Blocking;
 * thread-safe.
 */
public final class RepairClient implements RepairTransport {
  private final CollectorCalls calls;
  private final Duration timeout;

  public RepairClient(CollectorCalls calls, Duration timeout) {
    this.calls = calls;
    this.timeout = timeout;
  }

  @Override
  public RepairResult run(RepairRequest request) throws Exception {
    ContentResponse response =
        calls
            .request(request.node(), "/1/repair", timeout)
            .method(HttpMethod.POST)
            .body(new StringRequestContent("application/json", calls.seal(request)))
            // the collector says nothing until the command ends: silence is not a dead peer
            .idleTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
            .send();
    if (response.getStatus() == 503) {
      throw new CollectorWaits(
          "the collector of " + request.node() + " did not run it now: " + said(response),
          response.getContentAsString().contains("\"results-unwritable\""));
    }
    RepairResult result;
    try {
      result =
          calls.open(response, RepairResult.class, "collector of " + request.node() + " answered ");
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          "collector of " + request.node() + " sent an unreadable result: " + e.getMessage());
    }
    if (!NodeNames.same(result.node(), request.node())
        || !result.incident().equals(request.incident().toString())) {
      throw new IllegalStateException(
          "wrong-node: the answer is node "
              + result.node()
              + "'s for incident "
              + result.incident()
              + ", not "
              + request.node()
              + "'s for "
              + request.incident());
    }
    return result;
  }

  /** The message of a collector's error answer, or its body when it is not one. */
  private static String said(ContentResponse response) {
    String body = response.getContentAsString();
    try {
      Object message =
          ((java.util.Map<?, ?>) org.maintd.protocol.json.Json.parse(body)).get("message");
      return message == null ? body : message.toString();
    } catch (RuntimeException | com.fasterxml.jackson.core.JsonProcessingException e) {
      return body;
    }
  }
}
