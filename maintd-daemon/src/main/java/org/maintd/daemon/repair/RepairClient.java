package org.maintd.daemon.repair;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.StringRequestContent;
import org.eclipse.jetty.http.HttpMethod;
import org.maintd.cluster.NodeNames;
import org.maintd.daemon.poll.CollectorUrls;
import org.maintd.protocol.repair.RepairRequest;
import org.maintd.protocol.repair.RepairResult;
import org.maintd.protocol.signing.Envelopes;
import org.maintd.signing.HmacKey;
import org.maintd.signing.SignatureVerifier;

/**
 * Asks a node's collector to run a repair command ({@code POST /1/repair}, signed) and checks the
 * signed answer: fresh, and that node's answer for that incident. Blocking; thread-safe.
 */
public final class RepairClient implements RepairTransport {
  private final HttpClient client;
  private final CollectorUrls urls;
  private final HmacKey key;
  private final SignatureVerifier verifier;
  private final Duration timeout;
  private final Clock clock;

  public RepairClient(
      HttpClient client,
      CollectorUrls urls,
      HmacKey key,
      SignatureVerifier verifier,
      Duration timeout,
      Clock clock) {
    this.client = client;
    this.urls = urls;
    this.key = key;
    this.verifier = verifier;
    this.timeout = timeout;
    this.clock = clock;
  }

  @Override
  public RepairResult run(RepairRequest request) throws Exception {
    String body = Envelopes.seal(key, request, clock.instant());
    ContentResponse response =
        client
            .newRequest(urls.resolve(request.node(), "/1/repair"))
            .method(HttpMethod.POST)
            .body(new StringRequestContent("application/json", body))
            .timeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
            // the collector says nothing until the command ends: silence is not a dead peer
            .idleTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
            .send();
    if (response.getStatus() != 200) {
      throw new IllegalStateException(
          "collector of "
              + request.node()
              + " answered HTTP "
              + response.getStatus()
              + ": "
              + response.getContentAsString());
    }
    RepairResult result;
    try {
      result =
          Envelopes.open(
              verifier, null, response.getContentAsString(), RepairResult.class, clock.instant());
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
}
