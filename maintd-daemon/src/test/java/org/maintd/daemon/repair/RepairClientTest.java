package org.maintd.daemon.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.poll.CollectorCalls;
import org.maintd.daemon.poll.CollectorUrls;
import org.maintd.http.HttpJson;
import org.maintd.http.Servers;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.repair.RepairRequest;
import org.maintd.protocol.repair.RepairResult;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.protocol.signing.SignedJson;

/**
 * The daemon's side of a repair request, against a collector that answers for another node or
 * another incident: a genuinely signed answer is still refused unless it is that node's answer to
 * that request.
 */
class RepairClientTest {
  private final HmacKey key = new HmacKey("k".getBytes(StandardCharsets.UTF_8));
  private final HttpClient http = new HttpClient();
  private Server lying;

  @AfterEach
  void stop() throws Exception {
    http.stop();
    if (lying != null) {
      lying.stop();
    }
  }

  private RepairClient clientOf(RepairResult answer) throws Exception {
    lying =
        Servers.newServer(
            "127.0.0.1",
            0,
            Duration.ofSeconds(5),
            new Handler.Abstract() {
              @Override
              public boolean handle(Request request, Response response, Callback callback) {
                return HttpJson.sendText(
                    response,
                    callback,
                    200,
                    SignedJson.write(key.sign(Json.write(answer), Clock.systemUTC().instant())));
              }
            });
    lying.start();
    http.start();
    CollectorUrls urls = new CollectorUrls("http://127.0.0.1:" + Servers.port(lying), Map.of());
    return new RepairClient(
        new CollectorCalls(
            http,
            urls,
            key,
            new SignatureVerifier(key, Duration.ofSeconds(300)),
            Clock.systemUTC()),
        Duration.ofSeconds(5));
  }

  @Test
  void anAnswerSignedForAnotherNodeOrIncidentIsRefused() throws Exception {
    UUID incident = UUID.randomUUID();
    RepairRequest request =
        new RepairRequest(incident, "n4", "fix", Map.of("status", "live-repair"));
    RepairClient otherNode =
        clientOf(new RepairResult("n2", incident.toString(), "fix", 0, "", null, false));
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> otherNode.run(request));
    assertTrue(e.getMessage().startsWith("wrong-node: the answer is node n2's"), e.getMessage());
    stop();
    RepairClient otherIncident =
        clientOf(new RepairResult("n4", UUID.randomUUID().toString(), "fix", 0, "", null, false));
    assertThrows(IllegalStateException.class, () -> otherIncident.run(request));
    stop();
    RepairClient honest =
        clientOf(new RepairResult("N4", incident.toString(), "fix", 0, "ok", null, false));
    assertEquals("ok", honest.run(request).output());
  }
}
