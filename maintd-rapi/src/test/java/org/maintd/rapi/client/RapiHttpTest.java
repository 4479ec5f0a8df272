package org.maintd.rapi.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.Callback;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.http.Servers;
import org.maintd.protocol.tls.RapiLogin;

/**
 * The shared RAPI client against a real Jetty on a loopback port: reads tried again after a server
 * error, changes sent once, the login with every request and a 401 reported with Ganeti's message,
 * the time limit, a closed port, and an answer that is not JSON; each failure of its own kind.
 */
class RapiHttpTest {
  @TempDir Path dir;

  /** What the server answers next, in order; then 200 {@code {"ok": 1}}. */
  private final List<Object[]> script = Collections.synchronizedList(new ArrayList<>());

  private final List<String> seen = Collections.synchronizedList(new ArrayList<>());
  private final CountDownLatch release = new CountDownLatch(1);
  private Server server;
  private URI base;

  @BeforeEach
  void start() throws Exception {
    server =
        Servers.newServer(
            "127.0.0.1",
            0,
            Duration.ofSeconds(30),
            new Handler.Abstract() {
              @Override
              public boolean handle(Request request, Response response, Callback callback)
                  throws Exception {
                seen.add(
                    request.getMethod()
                        + " "
                        + request.getHttpURI().getPathQuery()
                        + " "
                        + request.getHeaders().get(HttpHeader.AUTHORIZATION)
                        + " "
                        + Content.Source.asString(request));
                Object[] next =
                    script.isEmpty() ? new Object[] {200, "{\"ok\": 1}"} : script.remove(0);
                if (next[0].equals(0)) {
                  release.await(10, TimeUnit.SECONDS);
                  next = new Object[] {200, "{}"};
                }
                response.setStatus((Integer) next[0]);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
                Content.Sink.write(response, true, (String) next[1], callback);
                return true;
              }
            });
    server.start();
    base = URI.create("http://127.0.0.1:" + Servers.port(server));
  }

  @AfterEach
  void stop() throws Exception {
    release.countDown();
    server.stop();
  }

  private RapiHttp client(Duration answer, int attempts) throws Exception {
    Path login = dir.resolve("login");
    Files.writeString(login, "maintd s3cret\n");
    Files.setPosixFilePermissions(login, PosixFilePermissions.fromString("rw-------"));
    return new RapiHttp(
        new RapiEndpoint(
            base,
            Optional.empty(),
            false,
            Optional.of(RapiLogin.read(login)),
            Duration.ofSeconds(5),
            answer,
            attempts));
  }

  @Test
  void aReadIsTriedAgainAfterAServerErrorAndCarriesTheLogin() throws Exception {
    script.add(new Object[] {502, "{\"code\": 502, \"message\": \"Bad Gateway\"}"});
    assertEquals("{ok=1}", client(Duration.ofSeconds(5), 3).get("/2/info").toString());
    assertEquals(2, seen.size());
    assertTrue(seen.get(1).startsWith("GET /2/info Basic "), seen.get(1));
  }

  @Test
  void aChangeIsSentOnceAndItsRefusalCarriesGanetisMessage() throws Exception {
    script.add(
        new Object[] {500, "{\"code\": 500, \"message\": \"Job queue full\", \"explain\": \"x\"}"});
    RapiFailure e =
        assertThrows(
            RapiFailure.class,
            () ->
                client(Duration.ofSeconds(5), 3)
                    .change("PUT", "/2/instances/i1/startup", Map.of("reason", "a b"), Map.of()));
    assertEquals(RapiFailure.Kind.STATUS, e.kind());
    assertEquals(500, e.status());
    assertEquals(
        "RAPI PUT /2/instances/i1/startup answered 500: Job queue full (x)", e.getMessage());
    assertEquals(1, seen.size());
    assertTrue(
        seen.get(0).startsWith("PUT /2/instances/i1/startup?reason=a+b Basic "), seen.get(0));
    assertTrue(seen.get(0).endsWith(" {}"), seen.get(0));
  }

  @Test
  void anUnauthorizedReadIsReportedNotRetried() throws Exception {
    script.add(new Object[] {401, "{\"code\": 401, \"message\": \"Unauthorized\"}"});
    RapiFailure e =
        assertThrows(RapiFailure.class, () -> client(Duration.ofSeconds(5), 3).get("/2/nodes"));
    assertEquals(401, e.status());
    assertEquals("Unauthorized", e.detail());
    assertEquals(1, seen.size());
  }

  @Test
  void noAnswerWithinTheLimitIsItsOwnKindAndIsRetried() throws Exception {
    script.add(new Object[] {0, ""});
    script.add(new Object[] {0, ""});
    RapiFailure e =
        assertThrows(RapiFailure.class, () -> client(Duration.ofMillis(300), 2).get("/2/info"));
    assertEquals(RapiFailure.Kind.NO_ANSWER, e.kind());
    assertEquals("RAPI GET /2/info: no answer within 300 ms", e.getMessage());
    assertEquals(2, seen.size());
  }

  @Test
  void aClosedPortIsNoConnection() throws Exception {
    RapiHttp c = client(Duration.ofSeconds(5), 2);
    server.stop();
    RapiFailure e = assertThrows(RapiFailure.class, () -> c.get("/2/info"));
    assertEquals(RapiFailure.Kind.NO_CONNECTION, e.kind());
    assertEquals(0, e.status());
    assertTrue(
        e.getMessage().startsWith("RAPI GET /2/info at " + base + " failed: "), e.getMessage());
  }

  @Test
  void anAnswerThatIsNotJsonSaysSo() throws Exception {
    script.add(new Object[] {200, "<html>proxy</html>"});
    RapiFailure e =
        assertThrows(RapiFailure.class, () -> client(Duration.ofSeconds(5), 3).get("/2/info"));
    assertEquals(RapiFailure.Kind.NOT_JSON, e.kind());
    assertEquals("<html>proxy</html>", e.detail());
    assertEquals(1, seen.size());
  }

  @Test
  void theWatcherIsToldOfEveryAttemptAnsweredOrFailed() throws Exception {
    script.add(new Object[] {502, "{\"code\": 502, \"message\": \"Bad Gateway\"}"});
    List<String> told = Collections.synchronizedList(new ArrayList<>());
    RapiHttp c =
        new RapiHttp(
            client(Duration.ofSeconds(5), 3).endpoint(),
            new RapiWatcher() {
              @Override
              public void answered(String call, Duration took) {
                told.add(call + " answered");
              }

              @Override
              public void failed(String call, RapiFailure failure, Duration took) {
                told.add(call + " " + failure.kind() + " " + failure.status());
              }
            });
    c.get("/2/info");
    assertEquals(List.of("RAPI GET /2/info STATUS 502", "RAPI GET /2/info answered"), told);
  }
}
