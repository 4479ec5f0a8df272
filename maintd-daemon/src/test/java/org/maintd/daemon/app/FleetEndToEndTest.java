package org.maintd.daemon.app;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.collector.fleet.Fleet;
import org.maintd.collector.fleet.FleetConfigLoader;
import org.maintd.daemon.config.DaemonConfigLoader;

/**
 * The daemon on a generated 200-node cluster ({@code sim.generate}) whose collectors are a fleet in
 * this process, on loopback addresses: it starts (the nodes vote the master in), polls every node,
 * accepts every signed report, and a node's outcome set through its diagnose file opens an
 * incident.
 */
class FleetEndToEndTest {
  private static final String SPEC = "nodes=200,instances=2000,groups=2,seed=1";
  private static final Duration WAIT =
      Duration.ofSeconds(
          (long) (120 * Double.parseDouble(System.getProperty("maintd.test.timeScale", "1"))));

  @TempDir Path dir;

  private Fleet fleet;
  private Daemon daemon;
  private final HttpClient http = HttpClient.newHttpClient();

  @AfterEach
  void stop() throws Exception {
    if (daemon != null) {
      daemon.close();
    }
    if (fleet != null) {
      fleet.close();
    }
  }

  @Test
  void theDaemonPollsEveryNodeOfTheFleetAndActsOnOne() throws Exception {
    Path key = dir.resolve("hmac.key");
    Files.writeString(key, "fleet-e2e-cluster-key\n");
    Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-------"));
    Path sim = Files.createDirectories(dir.resolve("sim"));
    Path repairs = Files.createDirectories(dir.resolve("repair-commands"));
    Files.setPosixFilePermissions(repairs, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(dir.resolve("master"), "node-01-00000\n");
    Files.writeString(
        dir.resolve("fleet.yaml"),
        String.join(
            "\n",
            "generate: " + SPEC,
            "urlFile: " + dir.resolve("fleet-urls"),
            "hmacKeyFile: " + key,
            "simDir: " + sim,
            "masterFile: " + dir.resolve("master"),
            "repair:",
            "  directory: " + repairs,
            "  results: " + dir.resolve("repairs"),
            ""));
    fleet = new Fleet(new FleetConfigLoader().load(dir.resolve("fleet.yaml")), Clock.systemUTC());
    fleet.start();
    StringBuilder urls = new StringBuilder();
    for (String line : Files.readAllLines(dir.resolve("fleet-urls"))) {
      String[] f = line.split(" ");
      urls.append("    ").append(f[0]).append(": ").append(f[1]).append('\n');
    }
    Files.writeString(
        dir.resolve("maintd.yaml"),
        String.join(
                "\n",
                "node: node-01-00000",
                "bind: 127.0.0.1",
                "port: 0",
                "stateDir: " + dir.resolve("state"),
                "backend: sim",
                "hmacKeyFile: " + key,
                "usersFile: " + dir.resolve("users"),
                "pollInterval: 500ms",
                "collector:",
                "  timeout: 5s",
                "  urls:",
                "")
            + urls
            + String.join(
                "\n",
                "sim:",
                "  generate: \"" + SPEC + "\"",
                "  diagnoseDir: " + sim,
                "  masterFile: " + dir.resolve("master"),
                "  operationTime: 100ms",
                ""));
    daemon =
        new Daemon(new DaemonConfigLoader().load(dir.resolve("maintd.yaml")), Clock.systemUTC());
    daemon.start(true);

    await().atMost(WAIT).until(() -> metric("maintd_collectors\\{health=\"ok\"\\}") == 200);
    assertTrue(metric("maintd_tick_seconds_count") >= 1);
    assertEquals(0, metric("maintd_collectors\\{health=\"rejected\"\\}"));

    Files.writeString(sim.resolve("node-02-00150.json"), "{\"status\": \"evacuate\"}");
    await().atMost(WAIT).until(() -> get("/1/status").contains("node-02-00150"));
  }

  private String get(String path) throws Exception {
    return http.send(
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + daemon.port() + path)).build(),
            HttpResponse.BodyHandlers.ofString())
        .body();
  }

  private long metric(String name) throws Exception {
    Matcher m = Pattern.compile("(?m)^" + name + " ([0-9.E+]+)$").matcher(get("/metrics"));
    return m.find() ? (long) Double.parseDouble(m.group(1)) : -1;
  }
}
