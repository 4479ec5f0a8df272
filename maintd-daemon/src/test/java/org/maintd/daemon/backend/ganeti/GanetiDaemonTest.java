package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.app.Daemon;
import org.maintd.daemon.app.ExitCodes;
import org.maintd.daemon.app.StartupException;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;
import org.maintd.wire.Json;

/** The daemon with {@code backend: ganeti}, against a RAPI over HTTPS: master check and snapshots. */
class GanetiDaemonTest {
  @TempDir Path dir;
  FakeRapi rapi;

  @BeforeEach
  void start() throws Exception {
    rapi = new FakeRapi(dir);
    Files.writeString(dir.resolve("hmac.key"), "key\n");
  }

  @AfterEach
  void stop() throws Exception {
    rapi.close();
  }

  private DaemonConfig config(String node) {
    return new DaemonConfig(node, "127.0.0.1", 0, dir.resolve("state"), "file", "ganeti", dir.resolve("hmac.key"),
        dir.resolve("users"), Duration.ofMillis(200), Duration.ZERO, SafetyCaps.defaults(), new StormGuard(30), false, false, 0.1,
        new DaemonConfig.Collector("http://{node}:1", Map.of(), Duration.ofMillis(500), Duration.ofSeconds(5), false,
            Duration.ofSeconds(300)),
        new DaemonConfig.Sim(dir.resolve("none.data"), dir.resolve("diag"), Duration.ZERO, Duration.ZERO),
        new DaemonConfig.Ganeti(URI.create(rapi.url()), rapi.certificate, false, rapi.credentials, Duration.ofSeconds(5), 3));
  }

  @Test
  void onTheMasterItServesTheClusterRapiDescribes() throws Exception {
    try (Daemon daemon = new Daemon(config("node1"), Clock.systemUTC())) {
      daemon.start(false);
      HttpClient http = HttpClient.newHttpClient();
      await().atMost(Duration.ofSeconds(30)).until(() -> {
        String body = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + daemon.port() + "/1/nodes")).build(),
            HttpResponse.BodyHandlers.ofString()).body();
        return ((List<?>) Json.parse(body)).size() == 3;
      });
      List<?> nodes = (List<?>) Json.parse(http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + daemon.port() + "/1/nodes"))
          .build(), HttpResponse.BodyHandlers.ofString()).body());
      Map<?, ?> first = (Map<?, ?>) nodes.get(0);
      assertEquals("node1.gnt.test", first.get("name"));
      assertEquals(true, first.get("master"));
      assertEquals("unreachable", ((Map<?, ?>) first.get("collector")).get("health"));
      assertTrue(rapi.requests.stream().anyMatch(r -> r.pathAndQuery().equals("/2/instances?bulk=1")));
    }
  }

  @Test
  void onAnotherNodeItExitsAsNotTheMasterAndWithoutRapiItSaysWhy() throws Exception {
    try (Daemon daemon = new Daemon(config("node2.gnt.test"), Clock.systemUTC())) {
      StartupException e = assertThrows(StartupException.class, () -> daemon.start(false));
      assertEquals(ExitCodes.NOT_MASTER, e.exitCode());
      assertTrue(e.getMessage().contains("is not the master (node1.gnt.test)"), e.getMessage());
    }
    DaemonConfig cfg = config("node1");
    rapi.close();
    try (Daemon daemon = new Daemon(cfg, Clock.systemUTC())) {
      StartupException e = assertThrows(StartupException.class, () -> daemon.start(false));
      assertEquals(ExitCodes.FAILURE, e.exitCode());
      assertTrue(e.getMessage().startsWith("cannot ask the cluster who the master is: RAPI GET /2/info"), e.getMessage());
    }
  }
}
