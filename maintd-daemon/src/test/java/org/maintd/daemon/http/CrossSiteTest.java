package org.maintd.daemon.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Optional;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.spi.MaintdState;

/**
 * A change a browser sends from a page of another site is refused (403) before its credentials
 * count, so that credentials a browser holds for the daemon cannot be used by another site's form;
 * the daemon's own page (its own origin) and clients that send no origin go on to authentication.
 */
class CrossSiteTest {
  @TempDir Path tmp;
  private final HttpClient http = HttpClient.newHttpClient();
  private Server server;
  private int port;

  @BeforeEach
  void start() throws Exception {
    Files.writeString(tmp.resolve("users"), "operator secret write\n");
    server =
        TestApiServer.start(
            new ApiRoutes.Sources(
                () -> TestApiServer.view(MaintdState.initial(java.time.Instant.EPOCH)),
                TestApiServer.answering(c -> null),
                () ->
                    new HealthView(
                        "RUNNING", true, "", "n1", null, "", List.of(), List.of(), List.of()),
                () -> "",
                memory -> Optional.empty()),
            new HmacKey("k".getBytes(StandardCharsets.UTF_8)),
            tmp.resolve("users"),
            new ApiServer.Limits(Duration.ofSeconds(10), 65536));
    port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
  }

  @AfterEach
  void stop() throws Exception {
    server.stop();
  }

  @ParameterizedTest(name = "Origin {0}, Sec-Fetch-Site {1}: {2}")
  @CsvSource({
    "-, -, 401",
    "http://127.0.0.1:PORT, same-origin, 401",
    "http://127.0.0.1:PORT, -, 401",
    "http://evil.example.com, cross-site, 403",
    "http://evil.example.com, -, 403",
    "http://127.0.0.1:1, -, 403",
    "null, -, 403",
    "-, cross-site, 403",
  })
  void aChangeFromAnotherSitesPageIsRefusedBeforeItsCredentialsCount(
      String origin, String site, int status) throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/1/pause"))
            .POST(HttpRequest.BodyPublishers.ofString("{}"))
            .header("Authorization", basic("operator", "wrong"));
    if (!origin.equals("-")) {
      b.header("Origin", origin.replace("PORT", Integer.toString(port)));
    }
    if (!site.equals("-")) {
      b.header("Sec-Fetch-Site", site);
    }
    HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(status, r.statusCode(), r.body());
    if (status == 403) {
      assertTrue(r.body().contains("a change sent by a page of another site"), r.body());
    }
  }

  private static String basic(String user, String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }
}
