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
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.collector.app.Collector;
import org.maintd.collector.config.CollectorConfig;
import org.maintd.daemon.app.Daemon;
import org.maintd.daemon.app.ExitCodes;
import org.maintd.daemon.app.StartupException;
import org.maintd.daemon.config.CollectorSettings;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.Ganeti;
import org.maintd.daemon.config.Ha;
import org.maintd.daemon.config.Http;
import org.maintd.daemon.config.Maintenance;
import org.maintd.daemon.config.NodeCommands;
import org.maintd.daemon.config.Reboot;
import org.maintd.daemon.config.Sim;
import org.maintd.daemon.testing.CapturedLog;
import org.maintd.protocol.json.Json;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;

/**
 * The daemon with {@code backend: ganeti}, against a RAPI over HTTPS: master check and snapshots.
 */
class GanetiDaemonTest {
  @TempDir Path dir;
  FakeRapi rapi;

  @BeforeEach
  void start() throws Exception {
    rapi = new FakeRapi(dir);
    Files.writeString(dir.resolve("hmac.key"), "key\n");
    Files.setPosixFilePermissions(
        dir.resolve("hmac.key"),
        java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
  }

  @AfterEach
  void stop() throws Exception {
    rapi.close();
  }

  private DaemonConfig config(String node) {
    return config(node, Map.of(), Duration.ofSeconds(5));
  }

  private DaemonConfig config(String node, Map<String, String> collectors, Duration rapiTimeout) {
    return new DaemonConfig(
        node,
        "127.0.0.1",
        0,
        dir.resolve("state"),
        org.maintd.daemon.config.Backend.GANETI,
        dir.resolve("hmac.key"),
        dir.resolve("users"),
        Duration.ofMillis(200),
        Duration.ZERO,
        SafetyCaps.defaults(),
        new StormGuard(50),
        false,
        false,
        0.1,
        org.maintd.balance.BalanceOptions.threshold(0.1),
        false,
        new CollectorSettings(
            "http://{node}:1",
            collectors,
            Duration.ofMillis(500),
            Duration.ofSeconds(5),
            false,
            Duration.ofSeconds(300)),
        new Sim(dir.resolve("none.data"), dir.resolve("diag"), Duration.ZERO, Duration.ZERO),
        new Ganeti(
            URI.create(rapi.url()),
            rapi.certificate,
            false,
            rapi.credentials,
            rapiTimeout,
            3,
            Duration.ofSeconds(5),
            Duration.ofMinutes(10),
            Duration.ofHours(2)),
        Http.defaults(),
        "",
        Duration.ofSeconds(30),
        Ha.defaults(),
        NodeCommands.defaults(),
        Maintenance.defaults(),
        org.maintd.health.HealthSettings.off(),
        Reboot.defaults(),
        org.maintd.daemon.config.Notifications.none());
  }

  /**
   * A real collector for node2 whose diagnose command reports evacuate, signing with the daemon's
   * key.
   */
  private Collector evacuatingNode2() throws Exception {
    Path diag = dir.resolve("diagnose-commands");
    Files.createDirectories(diag);
    Files.setPosixFilePermissions(diag, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path script = diag.resolve("diagnose");
    Files.writeString(script, "#!/bin/sh\necho '{\"status\": \"evacuate\"}'\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path repair = dir.resolve("repair-commands");
    Files.createDirectories(repair);
    Files.setPosixFilePermissions(repair, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(dir.resolve("master"), "node1.gnt.test\n");
    Collector c =
        new Collector(
            new CollectorConfig(
                "node2.gnt.test",
                "127.0.0.1",
                0,
                null,
                dir.resolve("hmac.key"),
                true,
                "diagnose",
                diag,
                Duration.ofSeconds(5),
                repair,
                Duration.ofSeconds(10),
                dir.resolve("results"),
                65536,
                dir.resolve("master"),
                Duration.ofSeconds(300),
                dir.resolve("boot_id"),
                CollectorConfig.DEFAULT_MAX_REQUEST_BODY,
                CollectorConfig.DEFAULT_IDLE_TIMEOUT,
                "",
                CollectorConfig.LoadSettings.defaults()),
            Clock.systemUTC());
    c.start();
    return c;
  }

  /** Ganeti jobs whose reason trail carries the key of the first job of round 1. */
  private long firstRoundDrains() {
    return rapi.jobs.values().stream()
        .filter(j -> j.contains("drain node2.gnt.test [") && j.contains("-r1-1]"))
        .count();
  }

  @Test
  void aSubmissionWhoseAnswerIsLostIsFoundByItsReasonTrailAndNotSentAgain() throws Exception {
    try (Collector node2 = evacuatingNode2()) {
      rapi.loseNextAnswer = Duration.ofSeconds(2);
      try (Daemon daemon =
          new Daemon(
              config(
                  "node1.gnt.test",
                  Map.of("node2.gnt.test", "http://127.0.0.1:" + node2.port()),
                  Duration.ofMillis(700)),
              Clock.systemUTC())) {
        daemon.start(false);
        await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> firstRoundDrains() == 1 && incidentJobs(daemon).contains("100"));
        assertEquals(
            1, firstRoundDrains(), "the drain was created once although its answer never came");
        assertEquals(
            1,
            rapi.requests.stream()
                .filter(r -> r.method().equals("POST") && r.pathAndQuery().contains("-r1-1%5D"))
                .count(),
            "and sent once");
      }
    }
  }

  @Test
  void aRapiThatFailsLosesNoIncidentAndSubmitsTheJobOnceItAnswers() throws Exception {
    try (Collector node2 = evacuatingNode2()) {
      rapi.failNextChanges.set(2);
      try (Daemon daemon =
          new Daemon(
              config(
                  "node1.gnt.test",
                  Map.of("node2.gnt.test", "http://127.0.0.1:" + node2.port()),
                  Duration.ofSeconds(5)),
              Clock.systemUTC())) {
        daemon.start(false);
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () ->
                    firstRoundDrains() == 1
                        && !incidentJobs(daemon).isEmpty()
                        && "RUNNING".equals(((Map<?, ?>) get(daemon, "/1/health")).get("state")));
        List<?> incidents = (List<?>) get(daemon, "/1/status");
        assertEquals(1, incidents.size(), "one incident, kept through the failures: " + incidents);
        assertEquals(1, firstRoundDrains());
        assertEquals(
            3,
            rapi.requests.stream()
                .filter(r -> r.method().equals("POST") && r.pathAndQuery().contains("-r1-1%5D"))
                .count(),
            "refused twice, created the third time");
      }
    }
  }

  @Test
  void aRapiAnsweringServerErrorsIsAFaultInHealthAndMetricsUntilItAnswersAgain() throws Exception {
    try (CapturedLog log = new CapturedLog();
        Daemon daemon = new Daemon(config("node1.gnt.test"), Clock.systemUTC())) {
      daemon.start(false);
      rapi.failStatus = 502;
      rapi.failNext.set(1000);
      await().atMost(Duration.ofSeconds(10)).until(() -> faults(daemon).contains("ANSWERS_WRONG"));
      Map<?, ?> health = (Map<?, ?>) get(daemon, "/1/health");
      assertEquals("BACKEND_ANSWERS_WRONG", health.get("state"));
      assertTrue(faults(daemon).contains("answered 502: injected failure"), faults(daemon));
      assertTrue(
          text(daemon, "/metrics").contains("maintd_fault{fault=\"BACKEND_ANSWERS_WRONG\"} 1.0"));
      rapi.failNext.set(0);
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> !faults(daemon).contains("BACKEND_ANSWERS_WRONG"));
      assertEquals("RUNNING", ((Map<?, ?>) get(daemon, "/1/health")).get("state"));
      List<String> lines =
          log.messages().stream()
              .filter(m -> m.contains("BACKEND_ANSWERS_WRONG") || m.contains("step"))
              .toList();
      assertEquals(4, lines.size(), "one line each way, the fault's and the steps': " + lines);
    }
  }

  private static String faults(Daemon daemon) throws Exception {
    return String.valueOf(((Map<?, ?>) get(daemon, "/1/health")).get("faults"));
  }

  private static String text(Daemon daemon, String path) throws Exception {
    return HttpClient.newHttpClient()
        .send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + daemon.port() + path)).build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  private static Object get(Daemon daemon, String path) throws Exception {
    return Json.parse(
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + daemon.port() + path))
                    .build(),
                HttpResponse.BodyHandlers.ofString())
            .body());
  }

  private static String incidentJobs(Daemon daemon) throws Exception {
    List<?> incidents = (List<?>) get(daemon, "/1/status");
    return incidents.isEmpty() ? "" : String.valueOf(((Map<?, ?>) incidents.get(0)).get("jobs"));
  }

  @Test
  void onTheMasterItServesTheClusterRapiDescribes() throws Exception {
    try (Daemon daemon = new Daemon(config("node1"), Clock.systemUTC())) {
      daemon.start(false);
      HttpClient http = HttpClient.newHttpClient();
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () -> {
                String body =
                    http.send(
                            HttpRequest.newBuilder(
                                    URI.create("http://127.0.0.1:" + daemon.port() + "/1/nodes"))
                                .build(),
                            HttpResponse.BodyHandlers.ofString())
                        .body();
                return ((List<?>) Json.parse(body)).size() == 3;
              });
      List<?> nodes =
          (List<?>)
              Json.parse(
                  http.send(
                          HttpRequest.newBuilder(
                                  URI.create("http://127.0.0.1:" + daemon.port() + "/1/nodes"))
                              .build(),
                          HttpResponse.BodyHandlers.ofString())
                      .body());
      Map<?, ?> first = (Map<?, ?>) nodes.get(0);
      assertEquals("node1.gnt.test", first.get("name"));
      assertEquals(true, first.get("master"));
      assertEquals("unreachable", ((Map<?, ?>) first.get("collector")).get("health"));
      assertTrue(
          rapi.requests.stream().anyMatch(r -> r.pathAndQuery().equals("/2/instances?bulk=1")));
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
      assertTrue(
          e.getMessage().startsWith("cannot ask the cluster who the master is: RAPI GET /2/info"),
          e.getMessage());
    }
  }
}
