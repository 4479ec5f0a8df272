package org.maintd.daemon.backend.ganeti;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.ProxyMode;
import org.maintd.daemon.testing.RapiFaultProxy;
import org.maintd.daemon.testing.TestCa;

/**
 * The fault proxy in front of a RAPI over real HTTPS, reached by the daemon's own RAPI client: each
 * mode does what it says, switched through its control endpoint. About 2 s.
 */
class RapiFaultProxyTest {
  @TempDir Path dir;
  FakeRapi rapi;
  RapiFaultProxy proxy;
  RapiClient client;

  @BeforeEach
  void start() throws Exception {
    rapi = new FakeRapi(dir);
    TestCa ca = TestCa.create("rapi-faults");
    proxy =
        new RapiFaultProxy(
            0,
            0,
            URI.create(rapi.url()),
            rapi.certificate,
            ca.issue("proxy", dir.resolve("proxy.pem")),
            7);
    client =
        new RapiClient(
            new RapiSettings(
                URI.create("https://127.0.0.1:" + proxy.port()),
                ca.writeCertificate(dir.resolve("ca.pem")),
                false,
                rapi.credentials,
                Duration.ofSeconds(5),
                1));
  }

  @AfterEach
  void stop() throws Exception {
    proxy.close();
    rapi.close();
  }

  private String control(String mode) throws Exception {
    HttpResponse<String> r =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + proxy.controlPort() + "/mode"))
                    .POST(HttpRequest.BodyPublishers.ofString(mode))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    return r.statusCode() + " " + r.body();
  }

  private Object drain() {
    return client.change(
        "POST", "/2/nodes/node2/modify", Map.of("reason", "test [k1]"), Map.of("drained", true));
  }

  @Test
  void passesEverythingThroughUntilToldAndAnswers502WithoutAskingRapi() throws Exception {
    assertTrue(client.get("/2/info") instanceof Map<?, ?>);
    assertTrue(control("502 100").startsWith("200 BadGateway[percent=100]"));
    int before = rapi.requests.size();
    RapiException e = assertThrows(RapiException.class, () -> client.get("/2/info"));
    assertEquals(502, e.status());
    assertEquals(before, rapi.requests.size(), "RAPI was not asked");
    control("ok");
    assertTrue(client.get("/2/info") instanceof Map<?, ?>);
  }

  @Test
  void losesTheAnswerOfAChangeRapiTookAndCutsAnswersShort() throws Exception {
    control("lose-answers 100");
    RapiException lost = assertThrows(RapiException.class, this::drain);
    assertEquals(502, lost.status());
    assertEquals(1, rapi.jobs.size(), "RAPI took the change: " + rapi.jobs);
    assertTrue(client.get("/2/info") instanceof Map<?, ?>, "reads pass");
    control("truncate 100");
    RapiException cut = assertThrows(RapiException.class, () -> client.get("/2/nodes?bulk=1"));
    assertTrue(cut.getMessage().contains("not JSON"), cut.getMessage());
    assertThrows(RapiException.class, this::drain, "a job id is cut to nothing");
    assertEquals(2, rapi.jobs.size());
  }

  @Test
  void answersAFinishedJobRunningForAsLongAsToldAndRefusesAModeItDoesNotKnow() throws Exception {
    String id = String.valueOf(drain());
    control("stuck " + id + " 60");
    assertEquals("running", ((Map<?, ?>) client.get("/2/jobs/" + id)).get("status"));
    control("stuck " + id + " 0");
    assertEquals("success", ((Map<?, ?>) client.get("/2/jobs/" + id)).get("status"));
    control("stuck-all 60");
    assertEquals("running", ((Map<?, ?>) client.get("/2/jobs/" + id)).get("status"));
    assertEquals("400 'stuck 12': a number is missing\n", control("stuck 12"));
    assertEquals("400 'x' is not a number\n", control("slow x"));
    assertEquals(ProxyMode.parse("slow 250"), new ProxyMode.Slow(Duration.ofMillis(250)));
  }
}
