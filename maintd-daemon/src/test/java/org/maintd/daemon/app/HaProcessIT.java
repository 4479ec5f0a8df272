package org.maintd.daemon.app;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
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
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * High availability as operators run it: three daemons, each the shaded jar in its own process,
 * over one simulated cluster, with their state in a real three-server ZooKeeper ensemble (Curator's
 * test cluster). Leaders die by SIGKILL and freeze by SIGSTOP; ZooKeeper servers are killed. In
 * every case the work completes and no job is ever submitted twice.
 */
class HaProcessIT {
  private static final Path JAR = Path.of("target", "maintd.jar");
  private static final Duration SESSION = Duration.ofSeconds(2);
  private static final Duration FENCE = Duration.ofSeconds(2);
  private static final Duration POLL = Duration.ofMillis(200);

  @TempDir Path tmp;

  TestCluster cluster;
  TestingCluster zk;
  final int[] ports = new int[3];
  final Process[] daemons = new Process[3];
  final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp);
    List<InstanceSpec> specs = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      File data = Files.createDirectories(tmp.resolve("zk" + i)).toFile();
      specs.add(new InstanceSpec(data, -1, -1, -1, true, i, 200, -1));
    }
    zk = new TestingCluster(specs);
    zk.start();
    for (int i = 0; i < 3; i++) {
      try (ServerSocket s = new ServerSocket(0)) {
        ports[i] = s.getLocalPort();
      }
    }
  }

  @AfterEach
  void stop() throws Exception {
    for (Process p : daemons) {
      if (p != null) {
        p.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
      }
    }
    zk.close();
    cluster.close();
  }

  private Path config(int i) throws IOException {
    DaemonConfig c = cluster.config();
    StringBuilder y = new StringBuilder();
    y.append("node: n")
        .append(i + 1)
        .append("\nbind: 127.0.0.1\nport: ")
        .append(ports[i])
        .append("\nstateDir: ")
        .append(tmp.resolve("state"))
        .append("\nhmacKeyFile: ")
        .append(c.hmacKeyFile())
        .append("\nusersFile: ")
        .append(c.usersFile())
        .append("\npollInterval: ")
        .append(POLL.toMillis())
        .append("ms\nstore: zookeeper\nleadership: zookeeper\nzookeeper:\n  connect: ")
        .append(zk.getConnectString())
        .append("\n  sessionTimeout: ")
        .append(SESSION.toMillis())
        .append("ms\n  connectionTimeout: 5s\n  fenceWait: ")
        .append(FENCE.toMillis())
        .append("ms\ncollector:\n  timeout: 2s\n  urls:\n");
    c.collector()
        .urls()
        .forEach((n, u) -> y.append("    ").append(n).append(": ").append(u).append('\n'));
    y.append("sim:\n  cluster: ")
        .append(c.sim().cluster())
        .append("\n  diagnoseDir: ")
        .append(c.sim().diagnoseDir())
        .append("\n  operationTime: 1s\n  bootTime: 300ms\n  shared: true\n");
    Path file = tmp.resolve("maintd-" + i + ".yaml");
    Files.writeString(file, y.toString());
    return file;
  }

  private void launch(int i) throws IOException {
    daemons[i] =
        new ProcessBuilder(
                "java",
                "-Xmx128m",
                "-jar",
                JAR.toString(),
                "-f",
                "-c",
                config(i).toString(),
                "--no-voting",
                "--yes-do-it")
            .redirectErrorStream(true)
            .redirectOutput(
                ProcessBuilder.Redirect.appendTo(tmp.resolve("daemon-" + i + ".log").toFile()))
            .start();
  }

  private String log(int i) {
    try {
      return Files.readString(tmp.resolve("daemon-" + i + ".log"));
    } catch (IOException e) {
      return "(no log)";
    }
  }

  private String logs() {
    return "\n--- daemon 0\n" + log(0) + "\n--- daemon 1\n" + log(1) + "\n--- daemon 2\n" + log(2);
  }

  private HttpResponse<String> get(int i, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + ports[i] + path))
            .timeout(Duration.ofSeconds(1))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private Map<?, ?> health(int i) {
    if (daemons[i] == null || !daemons[i].isAlive()) {
      return Map.of();
    }
    try {
      return (Map<?, ?>) Json.parse(get(i, "/1/health").body());
    } catch (Exception e) {
      return Map.of();
    }
  }

  /** The one daemon that leads, once exactly one does and the others name it; -1 until then. */
  private int leader() {
    List<Integer> leading = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      if (Boolean.TRUE.equals(health(i).get("leader"))) {
        leading.add(i);
      }
    }
    if (leading.size() != 1) {
      return -1;
    }
    int l = leading.get(0);
    String url = "http://127.0.0.1:" + ports[l];
    for (int i = 0; i < 3; i++) {
      Map<?, ?> h = health(i);
      if (i != l && !h.isEmpty() && !url.equals(h.get("leader_url"))) {
        return -1;
      }
    }
    return l;
  }

  private int awaitLeader(int not) {
    int[] found = {-1};
    within(
        "one leader, named by the others",
        Duration.ofSeconds(60),
        () -> {
          found[0] = leader();
          return found[0] >= 0 && found[0] != not;
        });
    return found[0];
  }

  @SuppressWarnings("unchecked")
  private List<Map<String, Object>> simJobs() throws Exception {
    Path file = tmp.resolve("state/sim/cluster.json");
    return Files.exists(file)
        ? (List<Map<String, Object>>) ((Map<?, ?>) Json.parse(Files.readString(file))).get("jobs")
        : List.of();
  }

  private void assertNoJobTwice() throws Exception {
    List<String> keys =
        simJobs().stream().map(j -> (String) ((Map<?, ?>) j.get("spec")).get("key")).toList();
    assertEquals(
        keys.size(), keys.stream().distinct().count(), "a job key was submitted twice: " + keys);
  }

  /** Whether the incident of {@code node} has completed, as daemon {@code i} shows it. */
  private boolean repaired(int i, String node) throws Exception {
    HttpResponse<String> r = get(i, "/1/status");
    if (r.statusCode() != 200) {
      return false;
    }
    for (Object o : (List<?>) Json.parse(r.body())) {
      Map<?, ?> incident = (Map<?, ?>) o;
      if (node.equals(incident.get("node")) && "completed".equals(incident.get("repair-status"))) {
        return true;
      }
    }
    return false;
  }

  private void awaitRepaired(String node) {
    within(
        node + "'s evacuation completes",
        Duration.ofSeconds(90),
        () -> leader() >= 0 && repaired(leader(), node));
  }

  /** Waits until {@code condition} holds; fails with the daemons' logs as they are then. */
  private void within(String what, Duration limit, Callable<Boolean> condition) {
    try {
      await(what).atMost(limit).pollInterval(Duration.ofMillis(50)).until(condition);
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(e.getMessage() + logs(), e);
    }
  }

  private void startAll() throws IOException {
    for (int i = 0; i < 3; i++) {
      launch(i);
    }
  }

  @Test
  void oneLeadsTheOthersStandByShowingItsStateAndRefuseChangesNamingIt() throws Exception {
    startAll();
    int l = awaitLeader(-1);
    int standby = (l + 1) % 3;
    Map<?, ?> h = health(standby);
    assertEquals("STANDBY", h.get("state"), h.toString());
    assertEquals(false, h.get("leader"));

    cluster.report("n2", "{\"status\": \"evacuate\"}");
    awaitRepaired("n2");
    await("the standby shows the leader's state")
        .atMost(Duration.ofSeconds(10))
        .until(() -> repaired(standby, "n2"));

    HttpResponse<String> refused = cluster.signedPost(ports[standby], "/1/pause", "{}");
    assertEquals(503, refused.statusCode(), refused.body());
    Map<?, ?> body = (Map<?, ?>) Json.parse(refused.body());
    assertEquals("not-leader", body.get("error"));
    assertEquals("http://127.0.0.1:" + ports[l], body.get("leader_url"));
    int paused =
        org.maintd.cli.Maintctl.execute(
            "--url",
            "http://127.0.0.1:" + ports[standby],
            "--key-file",
            cluster.keyFile.toString(),
            "pause");
    assertEquals(0, paused, "maintctl pause through a standby follows it to the leader");
    assertEquals(true, ((Map<?, ?>) Json.parse(get(l, "/1/paused").body())).get("paused"));
    assertNoJobTwice();
  }

  @Test
  void killingTheLeaderDuringAnEvacuationLeavesAnotherToFinishItWithNoJobTwice() throws Exception {
    startAll();
    int first = awaitLeader(-1);
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    within("the evacuation is under way", Duration.ofSeconds(30), () -> !simJobs().isEmpty());
    long killed = System.nanoTime();
    daemons[first].destroyForcibly().waitFor(10, TimeUnit.SECONDS);

    int next = awaitLeader(first);
    Duration takeover = Duration.ofNanos(System.nanoTime() - killed);
    assertTrue(
        takeover.compareTo(SESSION.plus(FENCE).plus(POLL).plusSeconds(4)) < 0,
        "takeover took " + takeover.toMillis() + " ms");
    assertTrue(log(next).contains("took over the state"), log(next));
    awaitRepaired("n2");
    assertNoJobTwice();
    System.out.println("takeover after SIGKILL of the leader: " + takeover.toMillis() + " ms");
  }

  @Test
  void oneZooKeeperServerDownStopsNothing() throws Exception {
    startAll();
    awaitLeader(-1);
    zk.killServer(zk.getInstances().iterator().next());
    cluster.report("n3", "{\"status\": \"evacuate\"}");
    awaitRepaired("n3");
    assertNoJobTwice();
  }

  @Test
  void withoutQuorumNothingIsSubmittedUntilItReturnsThenTheWorkResumes() throws Exception {
    startAll();
    awaitLeader(-1);
    List<InstanceSpec> servers = new ArrayList<>(zk.getInstances());
    zk.killServer(servers.get(0));
    zk.killServer(servers.get(1));
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    await("nothing is submitted without a ZooKeeper quorum")
        .during(SESSION.multipliedBy(3))
        .atMost(SESSION.multipliedBy(4))
        .until(() -> simJobs().isEmpty());
    zk.restartServer(servers.get(0));
    zk.restartServer(servers.get(1));
    awaitRepaired("n2");
    assertNoJobTwice();
  }

  @Test
  void aFrozenLeaderThatWakesAfterANewOneTookOverSubmitsNothing() throws Exception {
    startAll();
    int frozen = awaitLeader(-1);
    signal("STOP", daemons[frozen]);
    int next = awaitLeader(frozen);
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    await("the new leader submits")
        .atMost(Duration.ofSeconds(30))
        .until(() -> !simJobs().isEmpty());
    signal("CONT", daemons[frozen]);
    within(
        "the old leader wakes as a standby",
        Duration.ofSeconds(30),
        () -> "STANDBY".equals(health(frozen).get("state")));
    awaitRepaired("n2");
    assertNoJobTwice();
    assertEquals(next, leader());
  }

  private static void signal(String name, Process p) throws Exception {
    Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(p.pid())).start();
    assertTrue(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -" + name);
  }
}
