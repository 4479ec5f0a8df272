package org.maintd.daemon.poll;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.client.HttpClient;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.collector.fleet.Fleet;
import org.maintd.collector.fleet.FleetConfig;
import org.maintd.collector.fleet.FleetNodes;
import org.maintd.generate.ClusterSpec;
import org.maintd.incident.Observation;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.spi.CollectorReading;

/**
 * The daemon's own poller against a fleet of simulated collectors on loopback: each node's report
 * signed with the cluster key and accepted, each node's outcome its own, changed through the files
 * that {@code maintctl sim diagnose} writes.
 */
class FleetPollTest {
  private static final byte[] SECRET = "fleet-cluster-key".getBytes(StandardCharsets.UTF_8);
  private static final String A = "node-01-00000";
  private static final String B = "node-01-00001";

  @TempDir Path dir;

  private Fleet fleet;
  private final HttpClient http = new HttpClient();
  private CollectorPoller poller;

  @BeforeEach
  void start() throws Exception {
    Path key = dir.resolve("hmac.key");
    Files.write(key, SECRET);
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    Path repairs = Files.createDirectories(dir.resolve("repair-commands"));
    Files.setPosixFilePermissions(repairs, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.createDirectories(dir.resolve("sim"));
    Files.writeString(dir.resolve("master"), A + "\n");
    fleet =
        new Fleet(
            new FleetConfig(
                new FleetNodes.Generated(new ClusterSpec(2, 0, 1, 1)),
                2,
                0,
                dir.resolve("urls"),
                key,
                "",
                dir.resolve("sim"),
                16,
                dir.resolve("master"),
                repairs,
                Duration.ofSeconds(10),
                dir.resolve("results"),
                65536,
                Duration.ofSeconds(300),
                64 * 1024,
                Duration.ofSeconds(30)),
            Clock.systemUTC());
    fleet.start();
    http.start();
    poller =
        new CollectorPoller(
            http,
            new CollectorUrls("http://{node}:1", fleet.urls()),
            new ReportReader(
                new SignatureVerifier(new HmacKey(SECRET), Duration.ofSeconds(300)), false),
            Duration.ofSeconds(5),
            Clock.systemUTC());
  }

  @AfterEach
  void stop() throws Exception {
    http.stop();
    fleet.close();
  }

  @Test
  void eachNodeAnswersOnItsOwnAddressWithAReportThePollerAccepts() throws Exception {
    Map<String, String> urls = fleet.urls();
    assertTrue(urls.get(A).startsWith("http://127.1.0.1:"), urls.toString());
    assertTrue(urls.get(B).startsWith("http://127.1.0.2:"), urls.toString());
    assertTrue(urls.get(B).endsWith("/node/" + B), urls.toString());
    assertEquals(
        List.of(A + " " + urls.get(A), B + " " + urls.get(B)),
        Files.readAllLines(dir.resolve("urls")));
    Map<String, CollectorReading> readings = poller.poll(List.of(A, B));
    for (String node : List.of(A, B)) {
      assertEquals("ok", readings.get(node).health(), readings.get(node).toString());
      assertInstanceOf(Observation.Clear.class, readings.get(node).observation());
    }
  }

  @Test
  void aNodesOutcomeChangesThroughItsDiagnoseFileAndOnlyItsOwn() throws Exception {
    Files.writeString(
        dir.resolve("sim/" + B + ".json"),
        "{\"status\": \"evacuate\", \"details\": {\"disk\": \"sdb\"}}");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> poller.poll(List.of(B)).get(B).observation() instanceof Observation.Fault);
    Map<String, CollectorReading> readings = poller.poll(List.of(A, B));
    assertInstanceOf(Observation.Clear.class, readings.get(A).observation());
    Observation.Fault fault =
        assertInstanceOf(Observation.Fault.class, readings.get(B).observation());
    assertEquals("evacuate", fault.diagnosis().original().get("status"));
    Files.writeString(dir.resolve("sim/" + B + ".json"), "{\"status\": \"Ok\"}");
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> poller.poll(List.of(B)).get(B).observation() instanceof Observation.Clear);
  }

  @Test
  void aDiagnoseFileThatIsNotADiagnoseObjectIsTheCollectorsErrorNotAnAction() throws Exception {
    Files.writeString(dir.resolve("sim/" + A + ".json"), "{\"status\": \"explode\"}");
    CollectorReading a = poller.poll(List.of(A)).get(A);
    assertInstanceOf(Observation.Unknown.class, a.observation());
    assertEquals("collector-error", a.health(), a.toString());
    assertTrue(a.detail().contains(A + ".json"), a.detail());
  }
}
