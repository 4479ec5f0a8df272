package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.app.Daemon;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;
import org.maintd.wire.Json;

/**
 * maintd on a real Ganeti 3.0 cluster (the sandbox): node2's collector, inside node2, reports
 * {@code evacuate}; the daemon on the master drains node2 through RAPI, migrates its diskless and
 * sharedfile instances away in real jobs, fails on the file instance (RAPI cannot copy it) and tags
 * node2 {@code maintd:repairfailed:<uuid>} in Ganeti. Once the file instance is removed and the tag
 * deleted with {@code gnt-node remove-tags}, a new incident completes the evacuation. Every job
 * maintd submitted names {@code gnt:daemon:maintd} and its incident in Ganeti's job queue.
 */
class GanetiEvacuationIT {
  @TempDir Path dir;
  Map<String, String> env;
  Daemon daemon;
  final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    GanetiSandboxIT.require(Files.exists(Path.of("/var/tmp/gnt-sandbox/env")), "no Ganeti sandbox: run scripts/ganeti-sandbox up");
    env = new LinkedHashMap<>();
    for (String line : Files.readAllLines(Path.of("/var/tmp/gnt-sandbox/env"))) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        env.put(line.substring(0, eq), line.substring(eq + 1).replaceAll("^\"|\"$", ""));
      }
    }
    GanetiSandboxIT.require(env.containsKey("GANETI_COLLECTOR_URL_node2"), "the sandbox runs no maintd collectors: scripts/ganeti-sandbox up");
    Path credentials = dir.resolve("rapi-credentials");
    Files.writeString(credentials, env.get("GANETI_RAPI_USER") + " " + env.get("GANETI_RAPI_PASSWORD") + "\n");
    Files.setPosixFilePermissions(credentials, PosixFilePermissions.fromString("rw-------"));
    Map<String, String> urls = new LinkedHashMap<>();
    for (String n : env.get("GANETI_NODES").split(" ")) {
      urls.put(n, env.get("GANETI_COLLECTOR_URL_" + n.substring(0, n.indexOf('.'))));
    }
    DaemonConfig config = new DaemonConfig("node1.gnt.test", "127.0.0.1", 0, dir.resolve("state"), "file", "ganeti",
        Path.of(env.get("GANETI_HMAC_KEY")), dir.resolve("users"), Duration.ofMillis(500), Duration.ZERO,
        SafetyCaps.defaults(), new StormGuard(50), false, false, 0.1,
        new DaemonConfig.Collector("http://{node}:1817", urls, Duration.ofSeconds(5), Duration.ofSeconds(60), false,
            Duration.ofSeconds(300)),
        new DaemonConfig.Sim(dir.resolve("none"), dir.resolve("diag"), Duration.ZERO, Duration.ZERO),
        new DaemonConfig.Ganeti(URI.create(env.get("GANETI_RAPI_URL")), Path.of(env.get("GANETI_RAPI_CERT")), false, credentials,
            Duration.ofSeconds(30), 3));
    daemon = new Daemon(config, Clock.systemUTC());
    daemon.start(true);
  }

  /** Puts node2 and its file instance back for the next test, through RAPI and Ganeti's own tools. */
  @AfterEach
  void restore() throws Exception {
    if (daemon != null) {
      daemon.close();
    }
    if (env == null || !env.containsKey("GANETI_DIAGNOSE_node2")) {
      return;
    }
    Files.deleteIfExists(Path.of(env.get("GANETI_DIAGNOSE_node2")));
    try (RapiClient rapi = new RapiClient(settings())) {
      GanetiBackend backend = new GanetiBackend(rapi);
      String id = backend.submit(new org.maintd.job.JobSpec("it-restore-" + System.nanoTime(), "it",
          List.of(new org.maintd.job.Operation.SetNodeFlags("node2.gnt.test", java.util.Optional.of(false), java.util.Optional.of(false))),
          org.maintd.job.ReasonTrail.of("restore node2", "it-restore", 1)));
      await("node2 back").atMost(Duration.ofMinutes(2)).until(() -> backend.job(id).status().isFinished());
      for (String inst : List.of("inst1.gnt.test", "inst3.gnt.test")) {
        String primary = backend.snapshot().instance(inst).map(i -> i.primary()).orElse("node2.gnt.test");
        if (!primary.equals("node2.gnt.test")) {
          String back = backend.submit(new org.maintd.job.JobSpec("it-back-" + System.nanoTime(), "it",
              List.of(new org.maintd.job.Operation.Migrate(inst, primary, "node2.gnt.test")),
              org.maintd.job.ReasonTrail.of("put " + inst + " back on node2", "it-back", 1)));
          await(inst + " back on node2").atMost(Duration.ofMinutes(2)).until(() -> backend.job(back).status().isFinished());
        }
      }
      List<String> tags = backend.snapshot().node("node2.gnt.test").orElseThrow().tags().stream()
          .filter(t -> t.startsWith("maintd:")).toList();
      if (!tags.isEmpty()) {
        backend.removeTags(new org.maintd.cluster.TaggedObject(org.maintd.cluster.TaggedObject.Kind.NODE, "node2.gnt.test"), tags);
      }
    }
    if (!onMaster("gnt-instance", "list", "--no-headers", "-o", "name").contains("inst4.gnt.test")) {
      onMaster("gnt-instance", "add", "-t", "file", "--disk", "0:size=64M", "-o", "noop", "-n", "node2.gnt.test", "-B",
          "memory=128M,vcpus=1", "--no-ip-check", "--no-name-check", "--no-wait-for-sync", "inst4.gnt.test");
    }
  }

  private RapiSettings settings() {
    return new RapiSettings(URI.create(env.get("GANETI_RAPI_URL")), Path.of(env.get("GANETI_RAPI_CERT")), false,
        dir.resolve("rapi-credentials"), Duration.ofSeconds(30), 3);
  }

  private String onMaster(String... command) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(env.get("GANETI_ON_NODE1").split(" ")));
    cmd.addAll(List.of(command));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(180, TimeUnit.SECONDS), "timed out: " + cmd);
    assertEquals(0, p.exitValue(), cmd + ": " + out);
    return out;
  }

  @SuppressWarnings("unchecked")
  private List<Map<String, Object>> incidents() throws Exception {
    String body = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + daemon.port() + "/1/status")).build(),
        HttpResponse.BodyHandlers.ofString()).body();
    return (List<Map<String, Object>>) Json.parse(body);
  }

  private Map<String, Object> awaitIncident(String status) {
    List<Map<String, Object>> found = new ArrayList<>();
    await("an incident on node2 " + status).atMost(Duration.ofMinutes(4)).pollInterval(Duration.ofMillis(500)).until(() -> {
      for (Map<String, Object> i : incidents()) {
        if ("node2.gnt.test".equals(i.get("node")) && status.equals(i.get("repair-status"))) {
          found.add(i);
          return true;
        }
      }
      return false;
    });
    return found.get(0);
  }

  @Test
  void evacuatesThroughRapiFailsOnTheFileInstanceAndCompletesOnceItIsGone() throws Exception {
    long firstJob = onMaster("gnt-job", "list", "--no-headers", "-o", "id").lines().map(String::strip)
        .mapToLong(Long::parseLong).max().orElse(0) + 1;
    String placed = onMaster("gnt-instance", "list", "--no-headers", "--separator=|", "-o", "name,pnode");
    assertTrue(placed.contains("inst1.gnt.test|node2") && placed.contains("inst3.gnt.test|node2")
        && placed.contains("inst4.gnt.test|node2"), "node2 holds a diskless, a sharedfile and a file instance: " + placed);
    Files.writeString(Path.of(env.get("GANETI_DIAGNOSE_node2")), "{\"status\": \"evacuate\", \"details\": {\"disk\": \"sdb\"}}");
    Map<String, Object> failed = awaitIncident("failed");
    String uuid = (String) failed.get("uuid");
    assertTrue(failed.get("history").toString().contains("inst4.gnt.test"), failed.toString());
    await("the failure tag in Ganeti").atMost(Duration.ofMinutes(1)).until(() ->
        onMaster("gnt-node", "list-tags", "node2.gnt.test").lines().anyMatch(("maintd:repairfailed:" + uuid)::equals));
    String instances = onMaster("gnt-instance", "list", "--no-headers", "--separator=|", "-o", "name,pnode");
    assertTrue(instances.contains("inst1.gnt.test|node") && !instances.contains("inst1.gnt.test|node2"), instances);
    assertTrue(!instances.contains("inst3.gnt.test|node2"), "the sharedfile instance migrated away: " + instances);
    assertTrue(instances.contains("inst4.gnt.test|node2"), "the file instance stays: " + instances);
    assertTrue(onMaster("gnt-node", "list", "--no-headers", "-o", "drained", "node2.gnt.test").strip().equals("Y"));

    onMaster("gnt-instance", "remove", "-f", "inst4.gnt.test");
    onMaster("gnt-node", "remove-tags", "node2.gnt.test", "maintd:repairfailed:" + uuid);
    Map<String, Object> completed = awaitIncident("completed");
    String second = (String) completed.get("uuid");
    await("the ready tag in Ganeti").atMost(Duration.ofMinutes(1)).until(() ->
        onMaster("gnt-node", "list-tags", "node2.gnt.test").lines().anyMatch(("maintd:repairready:" + second)::equals));
    assertEquals("Y", onMaster("gnt-node", "list", "--no-headers", "-o", "offline", "node2.gnt.test").strip());

    String jobs = onMaster("gnt-job", "list", "--no-headers", "-o", "id");
    int ours = 0;
    for (String id : jobs.lines().map(String::strip).filter(j -> Long.parseLong(j) >= firstJob).toList()) {
      String info = onMaster("gnt-job", "info", id);
      if (info.contains("gnt:daemon:maintd ")) {
        ours++;
        assertTrue(info.contains(uuid) || info.contains(second) || info.contains("gnt:daemon:maintd tags"),
            "job " + id + " names its incident: " + info);
      }
    }
    assertTrue(ours >= 3, "drain, migrations and offline were maintd's jobs: " + ours);
  }
}
