package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.cluster.Instance;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * Three maintd daemons (the shaded jar, each its own process) over the real cluster, their state in
 * ZooKeeper: a campaign over every node, master included; the leader is killed with SIGKILL once
 * the campaign has rebooted a node; a standby takes over and finishes it. No Ganeti job was
 * submitted twice (from Ganeti's job queue and its reason trails) and no node was rebooted twice
 * (from the collectors' own logs).
 */
class GanetiLeaderKillIT {
  private static final Path JAR = Path.of("target", "maintd.jar");
  private static final List<String> NODES =
      List.of("node1.gnt.test", "node2.gnt.test", "node3.gnt.test");
  private static final Pattern KEY = Pattern.compile("\\[([^\\]]+)\\]$");

  @TempDir Path dir;
  Sandbox sandbox;
  Path credentials;
  TestingServer zookeeper;
  final int[] ports = new int[3];
  final Process[] daemons = new Process[3];
  final HttpClient http = HttpClient.newHttpClient();
  final Map<String, Integer> rebootsBefore = new LinkedHashMap<>();

  @BeforeEach
  void start() throws Exception {
    sandbox = Sandbox.load();
    credentials = sandbox.credentials(dir);
    sandbox.forgetMaintd(credentials);
    zookeeper = new TestingServer(true);
    for (int i = 0; i < 3; i++) {
      try (ServerSocket s = new ServerSocket(0)) {
        ports[i] = s.getLocalPort();
      }
    }
    for (String node : NODES) {
      rebootsBefore.put(node, reboots(node));
    }
  }

  @AfterEach
  void restore() throws Exception {
    for (Process p : daemons) {
      if (p != null) {
        p.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
      }
    }
    if (zookeeper != null) {
      zookeeper.close();
    }
    if (sandbox == null) {
      return;
    }
    sandbox.restoreAfterCampaign(credentials);
  }

  /** How often the node's collector has run the reboot command, from its log. */
  private int reboots(String node) throws IOException {
    Path log = Path.of(sandbox.diagnoseFile(node)).resolveSibling("collector.log");
    return (int)
        Files.readAllLines(log).stream()
            .filter(l -> l.contains("running repair command reboot"))
            .count();
  }

  private Path config(int i) throws IOException {
    StringBuilder y = new StringBuilder();
    y.append("node: ").append(NODES.get(i)).append('\n');
    y.append("bind: 127.0.0.1\nport: ").append(ports[i]).append('\n');
    y.append("stateDir: ").append(dir.resolve("state-" + i)).append('\n');
    y.append("backend: ganeti\n");
    y.append("hmacKeyFile: ").append(sandbox.env.get("GANETI_HMAC_KEY")).append('\n');
    y.append("hmacKeyGroup: gnt-masterd\n");
    y.append("usersFile: ").append(dir.resolve("users")).append('\n');
    y.append("pollInterval: 500ms\nstormThreshold: 50%\n");
    y.append("store: zookeeper\nleadership: zookeeper\nzookeeper:\n");
    y.append("  connect: ").append(zookeeper.getConnectString()).append('\n');
    y.append("  sessionTimeout: 3s\n  fenceWait: 3s\n");
    y.append("ganeti:\n  rapiUrl: ").append(sandbox.env.get("GANETI_RAPI_URL")).append('\n');
    y.append("  certificate: ").append(sandbox.env.get("GANETI_RAPI_CERT")).append('\n');
    y.append("  credentials: ").append(credentials).append('\n');
    y.append("collector:\n  timeout: 5s\n  repairTimeout: 120s\n  urls:\n");
    for (String n : NODES) {
      y.append("    ")
          .append(n)
          .append(": ")
          .append(sandbox.env.get("GANETI_COLLECTOR_URL_" + n.substring(0, n.indexOf('.'))))
          .append('\n');
    }
    Path file = dir.resolve("maintd-" + i + ".yaml");
    Files.writeString(file, y.toString());
    return file;
  }

  private void launch(int i) throws IOException {
    daemons[i] =
        new ProcessBuilder(
                "java",
                "-Xmx160m",
                "-jar",
                JAR.toString(),
                "-f",
                "-c",
                config(i).toString(),
                "--no-voting",
                "--yes-do-it")
            .redirectErrorStream(true)
            .redirectOutput(
                ProcessBuilder.Redirect.appendTo(dir.resolve("daemon-" + i + ".log").toFile()))
            .start();
  }

  private String logs() {
    StringBuilder all = new StringBuilder();
    for (int i = 0; i < 3; i++) {
      try {
        all.append("\n--- daemon ").append(i).append('\n');
        all.append(Files.readString(dir.resolve("daemon-" + i + ".log")));
      } catch (IOException e) {
        all.append("(no log)");
      }
    }
    return all.toString();
  }

  private Map<?, ?> get(int i, String path) {
    if (daemons[i] == null || !daemons[i].isAlive()) {
      return Map.of();
    }
    try {
      Object body =
          Json.parse(
              http.send(
                      HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ports[i] + path))
                          .timeout(Duration.ofSeconds(2))
                          .build(),
                      HttpResponse.BodyHandlers.ofString())
                  .body());
      return body instanceof Map<?, ?> m ? m : Map.of();
    } catch (Exception e) {
      return Map.of();
    }
  }

  private int leader() {
    for (int i = 0; i < 3; i++) {
      if (Boolean.TRUE.equals(get(i, "/1/health").get("leader"))) {
        return i;
      }
    }
    return -1;
  }

  private int awaitLeader(int not) {
    int[] found = {-1};
    try {
      await("a leader")
          .atMost(Duration.ofSeconds(90))
          .pollInterval(Duration.ofMillis(100))
          .until(
              () -> {
                found[0] = leader();
                return found[0] >= 0 && found[0] != not;
              });
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError("no leader" + logs(), e);
    }
    return found[0];
  }

  /** Every maintd job in Ganeti's queue as its key and its operations' summary. */
  private List<String> ganetiJobs() throws Exception {
    List<String> jobs = new ArrayList<>();
    try (RapiClient rapi = new RapiClient(sandbox.rapi(credentials))) {
      for (Object o : (List<?>) rapi.get("/2/jobs?bulk=1")) {
        Map<?, ?> job = (Map<?, ?>) o;
        String reason = GanetiJob.reason(job, org.maintd.job.ReasonTrail.SOURCE).orElse("");
        Matcher m = KEY.matcher(reason);
        if (m.find()) {
          jobs.add(m.group(1) + " " + job.get("summary"));
        }
      }
    }
    return jobs;
  }

  @Test
  void aStandbyFinishesTheWholeClusterCampaignAfterTheLeaderIsKilledWithNoJobTwice()
      throws Exception {
    sandbox.onMaster("gnt-instance", "remove", "-f", "inst4.gnt.test");
    Map<String, String> homes = new LinkedHashMap<>();
    for (Instance i : sandbox.snapshot(credentials).instances()) {
      homes.put(i.name(), i.primary());
    }
    for (int i = 0; i < 3; i++) {
      launch(i);
    }
    int first = awaitLeader(-1);
    HttpResponse<String> started =
        TestCluster.signedPost(
            http,
            Path.of(sandbox.env.get("GANETI_HMAC_KEY")),
            ports[first],
            "/1/campaigns",
            "{\"nodes\": [\"node1.gnt.test\", \"node2.gnt.test\", \"node3.gnt.test\"],"
                + " \"soak\": 3}");
    assertEquals(200, started.statusCode(), started.body());
    String id = (String) ((Map<?, ?>) Json.parse(started.body())).get("id");

    await("the campaign has rebooted a node" + "")
        .atMost(Duration.ofMinutes(6))
        .pollInterval(Duration.ofSeconds(1))
        .until(
            () -> {
              for (String n : NODES) {
                if (reboots(n) > rebootsBefore.get(n)) {
                  return true;
                }
              }
              return false;
            });
    daemons[first].destroyForcibly().waitFor(20, TimeUnit.SECONDS);
    int next = awaitLeader(first);

    Map<?, ?>[] last = new Map<?, ?>[1];
    try {
      await("the new leader finishes the campaign")
          .atMost(Duration.ofMinutes(12))
          .pollInterval(Duration.ofSeconds(1))
          .until(
              () -> {
                int l = leader();
                last[0] = l < 0 ? Map.of() : get(l, "/1/campaigns/" + id);
                String status = String.valueOf(last[0].get("status"));
                if (status.equals("failed") || status.equals("aborted")) {
                  throw new AssertionError("the campaign ended " + status + ": " + last[0]);
                }
                return status.equals("completed");
              });
    } catch (org.awaitility.core.ConditionTimeoutException e) {
      throw new AssertionError("the campaign did not complete: " + last[0] + logs(), e);
    }

    for (String node : NODES) {
      assertEquals(1, reboots(node) - rebootsBefore.get(node), node + " was rebooted exactly once");
    }
    assertNotEquals("node1.gnt.test", sandbox.master(credentials), "the master role moved");
    Map<String, String> now = new LinkedHashMap<>();
    for (Instance i : sandbox.snapshot(credentials).instances()) {
      now.put(i.name(), i.primary());
    }
    assertEquals(homes, now, "every instance is back on its node");
    List<String> jobs = ganetiJobs();
    assertEquals(
        jobs.size(), jobs.stream().distinct().count(), "a Ganeti job was submitted twice: " + jobs);
    assertTrue(
        Files.readString(dir.resolve("daemon-" + next + ".log")).contains("took over the state"),
        logs());
  }
}
