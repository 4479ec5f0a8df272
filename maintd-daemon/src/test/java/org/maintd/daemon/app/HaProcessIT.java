package org.maintd.daemon.app;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.DaemonProcesses;
import org.maintd.daemon.testing.Ensembles;
import org.maintd.daemon.testing.HaConfigs;
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.SharedSimJobs;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * High availability as operators run it: three daemons, each the shaded jar in its own process,
 * over one simulated cluster, with their state in a real three-server ZooKeeper ensemble (Curator's
 * test cluster). Leaders die by SIGKILL; ZooKeeper servers are killed (a paused leader and
 * partitions made by the kernel: {@link ZooKeeperFaultsIT}). In every case the work completes and
 * no job is ever submitted twice.
 */
class HaProcessIT {
  private static final Duration SESSION = Duration.ofSeconds(2);
  private static final Duration FENCE = Duration.ofSeconds(2);
  private static final Duration POLL = Duration.ofMillis(200);

  @TempDir Path tmp;

  TestCluster cluster;
  TestingCluster zk;
  DaemonProcesses daemons;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp);
    zk = new TestingCluster(Ensembles.belowEphemeralPorts(tmp, 3));
    zk.start();
    Ensembles.awaitServing(zk);
    daemons = new DaemonProcesses(tmp, 3, "128m");
  }

  @AfterEach
  void stop() throws Exception {
    daemons.close();
    zk.close();
    cluster.close();
  }

  private Path config(int i) throws IOException {
    return config(i, zk.getConnectString());
  }

  /** Daemon {@code i}'s configuration, reaching ZooKeeper through {@code connect}. */
  private Path config(int i, String connect) throws IOException {
    return new HaConfigs(tmp, cluster, SESSION, FENCE, POLL).write(i, daemons.port(i), connect, "");
  }

  /** A client of the daemons' chroot with their credentials, as an operator's tools would be. */
  private org.apache.curator.framework.CuratorFramework asMaintd() throws IOException {
    return org.maintd.daemon.testing.ZooKeeperCredentials.client(tmp, zk.getConnectString());
  }

  private List<Map<String, Object>> simJobs() throws Exception {
    return SharedSimJobs.in(tmp.resolve("state"));
  }

  private void assertNoJobTwice() throws Exception {
    SharedSimJobs.assertNoKeyTwice(tmp.resolve("state"));
  }

  private void awaitRepaired(String node) {
    daemons.within(
        node + "'s evacuation completes",
        Duration.ofSeconds(90),
        () -> daemons.leader() >= 0 && daemons.repaired(daemons.leader(), node));
  }

  private void startAll() throws IOException {
    for (int i = 0; i < 3; i++) {
      daemons.launch(i, config(i));
    }
  }

  @Test
  void oneLeadsTheOthersStandByShowingItsStateAndRefuseChangesNamingIt() throws Exception {
    startAll();
    int l = daemons.awaitLeader(-1, Duration.ofSeconds(60));
    int standby = (l + 1) % 3;
    Map<?, ?> h = daemons.json(standby, "/1/health");
    assertEquals("STANDBY", h.get("state"), h.toString());
    assertEquals(false, h.get("leader"));

    cluster.report("n2", "{\"status\": \"evacuate\"}");
    awaitRepaired("n2");
    await("the standby shows the leader's state")
        .atMost(Duration.ofSeconds(10))
        .until(() -> daemons.repaired(standby, "n2"));

    HttpResponse<String> refused = cluster.signedPost(daemons.port(standby), "/1/pause", "{}");
    assertEquals(503, refused.statusCode(), refused.body());
    Map<?, ?> body = (Map<?, ?>) Json.parse(refused.body());
    assertEquals("not-leader", body.get("error"));
    assertEquals(daemons.url(l), body.get("leader_url"));
    MaintctlRun paused = MaintctlRun.of(daemons.url(standby), cluster.keyFile, "pause");
    assertEquals(0, paused.code(), "maintctl pause through a standby follows it to the leader");
    MaintctlRun health = MaintctlRun.of(daemons.url(standby), cluster.keyFile, "health");
    assertEquals(0, health.code(), health.err());
    assertTrue(
        health
            .out()
            .startsWith("state       STANDBY\nleader      no, " + daemons.url(l) + " leads\n"),
        health.out());
    assertEquals(true, daemons.json(l, "/1/paused").get("paused"));
    assertNoJobTwice();

    HttpResponse<String> nodes = daemons.get(standby, "/1/nodes");
    assertEquals(daemons.url(l), nodes.headers().firstValue("X-Maintd-Leader").orElse(""));
    assertTrue(
        nodes.headers().firstValue("X-Maintd-State-Serial").isPresent(),
        nodes.headers().toString());
    assertTrue(nodes.headers().firstValue("Age").isPresent(), nodes.headers().toString());
    assertTrue(
        daemons.get(l, "/1/nodes").headers().firstValue("X-Maintd-Leader").isEmpty(),
        "the leader's view is its own: no such headers");
    for (Object o : (List<?>) Json.parse(nodes.body())) {
      Map<?, ?> collector = (Map<?, ?>) ((Map<?, ?>) o).get("collector");
      assertEquals("ok", collector.get("health"), "a standby shows the leader's readings: " + o);
    }
    Map<?, ?> standbyHealth = daemons.json(standby, "/1/health");
    assertEquals("n1", standbyHealth.get("master"), "the cluster's master, not the standby's node");
    daemons.within(
        "the standby warmed up for its takeover",
        Duration.ofSeconds(30),
        () -> daemons.log(standby).contains("a standby warmed up for its takeover: "));
    assertFalse(daemons.log(l).contains("a standby warmed up"), "a leader warms up by leading");
  }

  @Test
  void killingTheLeaderDuringAnEvacuationLeavesAnotherToFinishItWithNoJobTwice() throws Exception {
    startAll();
    int first = daemons.awaitLeader(-1, Duration.ofSeconds(60));
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    daemons.within(
        "the evacuation is under way", Duration.ofSeconds(30), () -> !simJobs().isEmpty());
    long killed = System.nanoTime();
    daemons.kill(first);

    int next = daemons.awaitLeader(first, Duration.ofSeconds(60));
    Duration takeover = Duration.ofNanos(System.nanoTime() - killed);
    assertTrue(
        takeover.compareTo(SESSION.plus(FENCE).plus(POLL).plusSeconds(4)) < 0,
        "takeover took " + takeover.toMillis() + " ms");
    assertTrue(daemons.log(next).contains("took over the state"), daemons.log(next));
    awaitRepaired("n2");
    assertNoJobTwice();
    System.out.println("takeover after SIGKILL of the leader: " + takeover.toMillis() + " ms");
  }

  @Test
  void oneZooKeeperServerDownStopsNothing() throws Exception {
    startAll();
    daemons.awaitLeader(-1, Duration.ofSeconds(60));
    zk.killServer(zk.getInstances().iterator().next());
    cluster.report("n3", "{\"status\": \"evacuate\"}");
    awaitRepaired("n3");
    assertNoJobTwice();
  }

  @Test
  void withoutQuorumNothingIsSubmittedUntilItReturnsThenTheWorkResumes() throws Exception {
    startAll();
    daemons.awaitLeader(-1, Duration.ofSeconds(60));
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
  void aSignedRequestIsAcceptedOnceByAllTheDaemonsAndByEveryLaterLeader() throws Exception {
    startAll();
    int first = daemons.awaitLeader(-1, Duration.ofSeconds(60));
    TestCluster.Captured pause = TestCluster.Captured.sign(cluster.keyFile, "/1/pause", "{}");
    java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
    assertEquals(200, pause.sendTo(http, daemons.port(first)).statusCode());
    for (int i = 0; i < 3; i++) {
      if (i != first) {
        HttpResponse<String> replayed = pause.sendTo(http, daemons.port(i));
        assertEquals(401, replayed.statusCode(), replayed.body());
        assertTrue(replayed.body().contains("(replayed)"), replayed.body());
      }
    }
    daemons.kill(first);
    int next = daemons.awaitLeader(first, Duration.ofSeconds(60));
    HttpResponse<String> replayed = pause.sendTo(http, daemons.port(next));
    assertEquals(401, replayed.statusCode(), replayed.body());
    assertTrue(replayed.body().contains("(replayed)"), replayed.body());
    MaintctlRun resume =
        MaintctlRun.of(
            daemons.url((next + 1) % 3 == first ? (next + 2) % 3 : (next + 1) % 3),
            cluster.keyFile,
            "resume");
    assertEquals(
        0,
        resume.code(),
        "maintctl signs again when it follows a standby to the leader: " + resume.err());
  }

  @Test
  void withoutCredentialsTheDaemonRefusesToStartInOneLineNamingTheSetting() throws Exception {
    Path config = config(0);
    Files.writeString(config, Files.readString(config).replaceAll("  credentialsFile: .*\n", ""));
    DaemonProcesses.Run refused = daemons.once(config, "--no-voting", "--yes-do-it");
    assertEquals(2, refused.code(), refused.output());
    assertTrue(
        refused
            .output()
            .contains("zookeeper.credentialsFile: is required with store or leadership zookeeper"),
        refused.output());
    assertTrue(!refused.output().contains("\tat "), "no stack trace: " + refused.output());
  }

  /** Garbage some tool might leave in /state, each as the daemons must name it. */
  private static List<String[]> garbage() throws Exception {
    byte[] notJson = "not a state".getBytes(java.nio.charset.StandardCharsets.UTF_8);
    java.io.ByteArrayOutputStream gz = new java.io.ByteArrayOutputStream();
    try (java.util.zip.GZIPOutputStream out = new java.util.zip.GZIPOutputStream(gz)) {
      out.write(notJson);
    }
    String sha =
        java.util.HexFormat.of()
            .formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(notJson));
    String b64 = java.util.Base64.getEncoder().encodeToString(gz.toByteArray());
    String header =
        "{\"format\":%d,\"serial\":7,\"epoch\":99,\"writer\":\"a tool\",\"encoding\":\"gzip\","
            + "\"size\":%d,\"sha256\":\"%s\",\"chunks\":%d,\"data\":%s}";
    return List.of(
        new String[] {"x", "the state header is not valid JSON"},
        new String[] {
          String.format(header, 2, notJson.length, sha, 0, "\"" + b64 + "\""),
          "the state header has format 2"
        },
        new String[] {
          String.format(header, 1, notJson.length, sha, 0, "\"bm90IGd6aXA=\""), "not valid gzip"
        },
        new String[] {
          String.format(header, 1, notJson.length, sha, 2, "null"),
          "names the chunk /maintd/state-chunks/99-7/0000, which is missing"
        },
        new String[] {
          String.format(header, 1, notJson.length, sha, 0, "\"" + b64 + "\""),
          "serial 7, written by a tool: not valid JSON"
        });
  }

  @Test
  void anUnreadableStateStopsTheLeadingNotTheDaemonsAndAnImportedStateBringsALeaderBack()
      throws Exception {
    startAll();
    daemons.awaitLeader(-1, Duration.ofSeconds(60));
    long[] pids = {daemons.pid(0), daemons.pid(1), daemons.pid(2)};
    Path backup = tmp.resolve("backup.json");
    DaemonProcesses.Run exported = daemons.once(config(0), "--export-state", backup.toString());
    assertEquals(0, exported.code(), exported.output());
    assertTrue(
        exported.output().contains("exported the state of ZooKeeper /maintd/state"),
        exported.output());

    try (org.apache.curator.framework.CuratorFramework maintd = asMaintd()) {
      for (String[] kind : garbage()) {
        maintd
            .setData()
            .forPath("/state", kind[0].getBytes(java.nio.charset.StandardCharsets.UTF_8));
        daemons.within(
            "every daemon says the state cannot be read: " + kind[1],
            Duration.ofSeconds(30),
            () -> {
              for (int i = 0; i < 3; i++) {
                Map<?, ?> h = daemons.json(i, "/1/health");
                if (!"STATE_UNREADABLE".equals(h.get("state"))
                    || !String.valueOf(h.get("last_error")).contains(kind[1])) {
                  return false;
                }
              }
              return true;
            });
      }
    }
    for (int i = 0; i < 3; i++) {
      assertEquals(503, daemons.get(i, "/1/health").statusCode());
      assertTrue(
          daemons.get(i, "/metrics").body().contains("maintd_store_unreadable 1.0"),
          daemons.get(i, "/metrics").body());
      assertTrue(
          String.valueOf(daemons.json(i, "/1/health").get("last_error"))
              .contains("the stored state in ZooKeeper /maintd/state cannot be read"));
    }
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    await("nothing is submitted while the state cannot be read")
        .during(SESSION.multipliedBy(2))
        .atMost(SESSION.multipliedBy(3))
        .until(() -> simJobs().isEmpty());
    assertEquals(
        200, daemons.get(0, "/1/status").statusCode(), "reads keep serving the last good state");

    DaemonProcesses.Run imported = daemons.once(config(0), "--import-state", backup.toString());
    assertEquals(0, imported.code(), imported.output());
    assertTrue(imported.output().contains("under leader epoch"), imported.output());
    String[] last = garbage().get(garbage().size() - 1);
    java.util.regex.Matcher kept =
        java.util.regex.Pattern.compile("the unreadable state it replaced is kept in (\\S+) ")
            .matcher(imported.output());
    assertTrue(kept.find(), imported.output());
    assertEquals(
        last[0], Files.readString(Path.of(kept.group(1))), "what it replaced, byte for byte");
    int leader = daemons.awaitLeader(-1, SESSION.plus(FENCE).plusSeconds(10));
    awaitRepaired("n2");
    assertNoJobTwice();
    for (int i = 0; i < 3; i++) {
      assertTrue(
          daemons.alive(i) && daemons.pid(i) == pids[i], "daemon " + i + " was not restarted");
      String log = daemons.log(i);
      for (String[] kind : garbage()) {
        List<String> said =
            log.lines().filter(l -> l.contains("StateCondition") && l.contains(kind[1])).toList();
        assertEquals(1, said.size(), "daemon " + i + " says '" + kind[1] + "' once: " + said);
      }
      assertTrue(
          !log.contains("\tat org.maintd"), "no stack trace in daemon " + i + "'s log:" + log);
    }
    assertEquals(200, daemons.get(leader, "/1/health").statusCode());
  }

  /** The server of the ensemble that leads it now, as ZooKeeper's own {@code srvr} says. */
  private InstanceSpec ensembleLeader() throws Exception {
    for (InstanceSpec server : zk.getInstances()) {
      try (java.net.Socket socket = new java.net.Socket("127.0.0.1", server.getPort())) {
        socket.getOutputStream().write("srvr".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        String answer =
            new String(
                socket.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.US_ASCII);
        if (answer.contains("Mode: leader")) {
          return server;
        }
      } catch (IOException e) {
        // a server that is down leads nothing
      }
    }
    throw new AssertionError("no server of the ensemble leads");
  }

  @Test
  void losingQuorumDuringARoundTurnsEveryHealth503WithinTheSessionAndTheRoundFinishesAfter()
      throws Exception {
    startAll();
    daemons.awaitLeader(-1, Duration.ofSeconds(60));
    InstanceSpec first = ensembleLeader();
    zk.killServer(first);
    daemons.awaitLeader(-1, Duration.ofSeconds(60));
    for (int i = 0; i < 3; i++) {
      int d = i;
      daemons.within(
          "daemon " + d + " is healthy on two servers of three",
          Duration.ofSeconds(30),
          () -> daemons.get(d, "/1/health").statusCode() == 200);
    }

    cluster.report("n2", "{\"status\": \"evacuate\"}");
    daemons.within("the round is under way", Duration.ofSeconds(30), () -> !simJobs().isEmpty());
    InstanceSpec second =
        zk.getInstances().stream().filter(s -> !s.equals(first)).findFirst().orElseThrow();
    zk.killServer(second);
    int jobsAtLoss = simJobs().size();
    long lost = System.nanoTime();
    for (int i = 0; i < 3; i++) {
      int d = i;
      daemons.within(
          "daemon " + d + "'s health says the quorum is gone",
          SESSION.plusSeconds(3),
          () -> {
            HttpResponse<String> h = daemons.get(d, "/1/health");
            return h.statusCode() == 503 && h.body().contains("the ZooKeeper connection is");
          });
    }
    System.out.println(
        "every /1/health said 503 "
            + Duration.ofNanos(System.nanoTime() - lost).toMillis()
            + " ms after the quorum was lost");
    // a scrape on a loaded machine may take longer than one request's second: asked again
    daemons.within(
        "daemon 0's metrics say the ZooKeeper connection is down",
        SESSION,
        () -> {
          try {
            return daemons.get(0, "/metrics").body().contains("maintd_zookeeper_connected 0.0");
          } catch (java.net.http.HttpTimeoutException e) {
            return false;
          }
        });
    await("nothing more is submitted without a quorum")
        .during(SESSION.multipliedBy(2))
        .atMost(SESSION.multipliedBy(3))
        .until(() -> simJobs().size() <= jobsAtLoss + 1);
    int submittedWithoutQuorum = simJobs().size() - jobsAtLoss;

    zk.restartServer(second);
    zk.restartServer(first);
    awaitRepaired("n2");
    assertNoJobTwice();
    for (int i = 0; i < 3; i++) {
      int d = i;
      daemons.within(
          "daemon " + d + " is healthy again",
          Duration.ofSeconds(30),
          () -> daemons.get(d, "/1/health").statusCode() == 200);
    }
    assertTrue(
        submittedWithoutQuorum <= 1,
        "at most the submission under way when the quorum went: " + submittedWithoutQuorum);
  }

  @Test
  void aLostStateIsRebuiltByTheDaemonStartedWithRecoverWhileTheOthersStandAside() throws Exception {
    startAll();
    int first = daemons.awaitLeader(-1, Duration.ofSeconds(60));
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    awaitRepaired("n2");
    cluster.report("n2", "{\"status\": \"Ok\"}");
    assertEquals(0, MaintctlRun.of(daemons.url(first), cluster.keyFile, "ack", "n2").code());
    daemons.within(
        "n2's incident is forgotten once acknowledged and no longer reported",
        Duration.ofSeconds(30),
        () -> !daemons.get(first, "/1/status").body().contains("\"n2\""));
    MaintctlRun up = MaintctlRun.of(daemons.url(first), cluster.keyFile, "up", "n2");
    assertEquals(0, up.code(), up.err());
    daemons.within("n2 is back in service", Duration.ofSeconds(30), () -> !nodeOut(first, "n2"));
    long epochBefore = epoch(first);
    int jobsBefore = simJobs().size();

    try (org.apache.curator.framework.CuratorFramework maintd = asMaintd()) {
      maintd.delete().deletingChildrenIfNeeded().forPath("/state");
    }
    for (int i = 0; i < 3; i++) {
      int d = i;
      daemons.within(
          "daemon " + d + " says the state is lost",
          Duration.ofSeconds(30),
          () -> "STATE_LOST".equals(daemons.json(d, "/1/health").get("state")));
    }
    int recovering = (first + 1) % 3;
    daemons.kill(recovering);
    daemons.launch(recovering, config(recovering), "--recover");
    daemons.within(
        "the daemon started with --recover leads on the rebuilt state",
        Duration.ofSeconds(60),
        () -> daemons.leader() == recovering);
    assertTrue(epoch(recovering) > epochBefore, "the epoch never goes back");
    for (int i = 0; i < 3; i++) {
      assertTrue(daemons.alive(i), "daemon " + i + " stayed up");
    }
    assertEquals(
        "[]",
        daemons.get(recovering, "/1/status").body().strip(),
        "n2's incident, repaired, acknowledged and put back, is not rebuilt");
    assertEquals(0, MaintctlRun.of(daemons.url(recovering), cluster.keyFile, "resume").code());
    await("nothing is drained again")
        .during(SESSION.multipliedBy(2))
        .atMost(SESSION.multipliedBy(3))
        .until(() -> simJobs().size() == jobsBefore);

    DaemonProcesses.Run again =
        daemons.once(config(first), "--recover", "--no-voting", "--yes-do-it");
    assertEquals(2, again.code(), again.output());
    assertTrue(
        again
            .output()
            .contains("holds one and the daemon at " + daemons.url(recovering) + " leads"),
        again.output());
  }

  /** Whether daemon {@code i} shows {@code node} drained or offline. */
  private boolean nodeOut(int i, String node) throws Exception {
    for (Object o : (List<?>) Json.parse(daemons.get(i, "/1/nodes").body())) {
      Map<?, ?> n = (Map<?, ?>) o;
      if (node.equals(n.get("name"))) {
        return Boolean.TRUE.equals(n.get("drained")) || Boolean.TRUE.equals(n.get("offline"));
      }
    }
    throw new AssertionError("no node " + node);
  }

  private long epoch(int daemon) throws Exception {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("(?m)^maintd_leader_epoch (\\S+)$")
            .matcher(daemons.get(daemon, "/metrics").body());
    assertTrue(m.find(), "maintd_leader_epoch in /metrics");
    return (long) Double.parseDouble(m.group(1));
  }
}
