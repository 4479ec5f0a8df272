package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.app.Daemon;
import org.maintd.daemon.config.Ganeti;
import org.maintd.daemon.testing.CapturedLog;
import org.maintd.daemon.testing.ProxyMode;
import org.maintd.daemon.testing.RapiFaultProxy;
import org.maintd.daemon.testing.TestCa;
import org.maintd.protocol.json.Json;

/**
 * maintd on the sandbox through the RAPI fault proxy, one daemon the whole way: RAPI slow, then
 * answering 502s, then cutting answers short, then losing the answers to the changes of an
 * evacuation of node3 and answering its jobs as running past their time. Each fault shows in {@code
 * /1/health} and its metric within a poll interval and ends once the proxy passes everything again,
 * each with one log line when it begins and one when it ends; the evacuation completes; Ganeti's
 * own job list has each operation of each of maintd's jobs once. About 90 s.
 */
class GanetiRapiFaultsIT {
  private static final Duration POLL = Duration.ofMillis(500);
  private static final Duration NOTICE = Duration.ofSeconds(15);

  @TempDir Path dir;
  Sandbox sandbox;
  Path credentials;
  RapiFaultProxy proxy;
  Daemon daemon;
  final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    sandbox = Sandbox.load();
    credentials = sandbox.credentials(dir);
    sandbox.forgetMaintd(credentials);
    TestCa ca = TestCa.create("rapi-faults");
    proxy =
        new RapiFaultProxy(
            0,
            0,
            URI.create(sandbox.env.get("GANETI_RAPI_URL")),
            Path.of(sandbox.env.get("GANETI_RAPI_CERT")),
            ca.issue("rapi-faults", dir.resolve("proxy.pem")),
            43);
    Ganeti throughProxy =
        new Ganeti(
            URI.create("https://127.0.0.1:" + proxy.port()),
            ca.writeCertificate(dir.resolve("ca.pem")),
            false,
            credentials,
            Duration.ofSeconds(5),
            2,
            Duration.ofSeconds(2),
            Duration.ofSeconds(4),
            Duration.ofSeconds(6));
    daemon =
        new Daemon(
            sandbox
                .daemon(dir, "node1.gnt.test", credentials)
                .withGaneti(throughProxy)
                .withPollInterval(POLL),
            Clock.systemUTC());
  }

  @AfterEach
  void restore() throws Exception {
    if (daemon != null) {
      daemon.close();
    }
    if (proxy != null) {
      proxy.close();
    }
    if (sandbox != null) {
      sandbox.putBack(credentials, "node3.gnt.test", List.of("inst2.gnt.test"));
    }
  }

  private Map<?, ?> health() throws Exception {
    return (Map<?, ?>) Json.parse(get("/1/health"));
  }

  private String get(String path) throws Exception {
    return http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + daemon.port() + path)).build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  private String faults() throws Exception {
    return String.valueOf(health().get("faults"));
  }

  /** {@code mode} set until {@code fault} shows in /1/health and its metric, then undone. */
  private void walk(CapturedLog log, String mode, String fault, String detail) throws Exception {
    int before = lines(log, fault);
    proxy.mode(ProxyMode.parse(mode));
    await(mode + " shows as " + fault)
        .atMost(NOTICE)
        .pollInterval(Duration.ofMillis(100))
        .until(() -> faults().contains(fault) && faults().contains(detail));
    assertTrue(get("/metrics").contains("maintd_fault{fault=\"" + fault + "\"} 1.0"), "its metric");
    proxy.mode(new ProxyMode.Ok());
    await(fault + " ends once the proxy passes everything")
        .atMost(NOTICE)
        .pollInterval(Duration.ofMillis(100))
        .until(() -> !faults().contains(fault));
    assertEquals(before + 2, lines(log, fault), "one line when it began, one when it ended");
  }

  private static int lines(CapturedLog log, String fault) {
    return (int)
        log.messages().stream()
            .filter(
                m ->
                    m.startsWith("fault " + fault + " begins")
                        || m.startsWith("fault " + fault + " ends"))
            .count();
  }

  @Test
  @Timeout(value = 4, unit = TimeUnit.MINUTES)
  void eachFaultOfRapiShowsAndEndsAndAnEvacuationThroughLostAnswersRunsEachJobOnce()
      throws Exception {
    long firstJob = sandbox.nextJobId();
    try (CapturedLog log = new CapturedLog()) {
      daemon.start(true);
      walk(log, "slow 2500", "BACKEND_SLOW", "past the 2000 ms of ganeti.slowAnswer");
      walk(log, "502 60", "BACKEND_ANSWERS_WRONG", "answered 502");
      walk(log, "truncate 60", "BACKEND_ANSWERS_WRONG", "not JSON");

      proxy.mode(ProxyMode.parse("lose-answers 100"));
      Files.writeString(
          Path.of(sandbox.diagnoseFile("node3.gnt.test")), "{\"status\": \"evacuate\"}");
      await("the drain Ganeti took although its answer was lost")
          .atMost(Duration.ofMinutes(1))
          .until(
              () -> sandbox.jobsWithReason(credentials, firstJob, "drain node3.gnt.test [") == 1);
      proxy.mode(ProxyMode.parse("stuck-all 30"));
      await("a job answered running past its time")
          .atMost(Duration.ofSeconds(30))
          .until(() -> faults().contains("JOB_OVERDUE"));
      assertTrue(faults().contains("unfinished for"), faults());
      proxy.mode(new ProxyMode.Ok());
      await("the evacuation completes once RAPI tells the truth")
          .atMost(Duration.ofMinutes(2))
          .pollInterval(Duration.ofMillis(500))
          .until(this::node3Completed);
      await("every fault ends")
          .atMost(NOTICE)
          .until(
              () ->
                  health().get("state").equals("RUNNING")
                      && !faults().contains("BACKEND")
                      && !faults().contains("JOB_OVERDUE"));
      assertTrue(proxy.done("answer lost after RAPI took the change") > 0, "answers were lost");
      assertEquals(Map.of(), twice(firstJob), "each operation of each job once in Ganeti");
      long overdue =
          log.messages().stream().filter(m -> m.startsWith("fault JOB_OVERDUE begins")).count();
      assertTrue(overdue >= 1, "JOB_OVERDUE began");
      assertEquals(
          overdue,
          log.messages().stream().filter(m -> m.startsWith("fault JOB_OVERDUE ends")).count(),
          "and ended as often");
    }
  }

  private boolean node3Completed() throws Exception {
    return ((List<?>) Json.parse(get("/1/status")))
        .stream()
            .map(i -> (Map<?, ?>) i)
            .anyMatch(
                i ->
                    "node3.gnt.test".equals(i.get("node"))
                        && "completed".equals(i.get("repair-status")));
  }

  /**
   * The reasons of maintd's keyed jobs that Ganeti's queue has more than once, from firstJob on.
   */
  private Map<String, Long> twice(long firstJob) {
    Map<String, Long> counts = new TreeMap<>();
    try (RapiClient rapi = new RapiClient(sandbox.rapi(credentials))) {
      for (Object o : (List<?>) rapi.get("/2/jobs?bulk=1")) {
        Map<?, ?> job = (Map<?, ?>) o;
        if (((Number) job.get("id")).longValue() >= firstJob) {
          GanetiJob.reason(job, "gnt:daemon:maintd")
              .filter(r -> r.contains("["))
              .ifPresent(r -> counts.merge(r, 1L, Long::sum));
        }
      }
    }
    counts.values().removeIf(n -> n == 1);
    return counts;
  }
}
