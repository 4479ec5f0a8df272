package org.maintd.daemon.backend.ganeti;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.DaemonProcesses;
import org.maintd.daemon.testing.LeaderClaims;
import org.maintd.daemon.testing.NetCut;
import org.maintd.daemon.testing.TestCluster;

/**
 * Two maintd daemons (the shaded jar, each its own process and network group) over the real
 * cluster, their state in ZooKeeper, during one evacuation of node2: the leader is paused with
 * SIGSTOP past its session, the other takes over, and the first, continued, answers nothing as the
 * leader and submits nothing before it stands by; then the new leader is cut from ZooKeeper with
 * nftables (RAPI and the collectors still reached): it says DISCONNECTED within its session, the
 * first leads again, and once healed the cut one stands by. No Ganeti job twice in Ganeti's own
 * queue, the evacuation completes, and neither daemon was restarted. About 2 minutes.
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class GanetiZooKeeperFaultsIT {
  private static final Duration SESSION = Duration.ofSeconds(3);

  @TempDir Path dir;
  Sandbox sandbox;
  Path credentials;
  NetCut net;
  TestingServer zookeeper;
  DaemonProcesses daemons;
  final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    sandbox = Sandbox.load();
    net = NetCut.required();
    credentials = sandbox.credentials(dir);
    sandbox.forgetMaintd(credentials);
    sandbox.onMaster("gnt-instance", "remove", "-f", "inst4.gnt.test");
    zookeeper = new TestingServer(true);
    daemons = new DaemonProcesses(dir, 2, "160m").inGroups(net);
  }

  @AfterEach
  void restore() throws Exception {
    if (daemons != null) {
      daemons.close();
    }
    if (zookeeper != null) {
      zookeeper.close();
    }
    if (net != null) {
      net.close();
    }
    if (sandbox == null) {
      return;
    }
    sandbox.putBack(credentials, "node2.gnt.test", List.of("inst1.gnt.test", "inst3.gnt.test"));
    sandbox.addFileInstance();
  }

  private Path keyFile() {
    return Path.of(sandbox.env.get("GANETI_HMAC_KEY"));
  }

  private int post(int daemon, String path) throws Exception {
    HttpResponse<String> r =
        TestCluster.signedPost(http, keyFile(), daemons.port(daemon), path, "{}");
    return r.statusCode();
  }

  private void awaitStandsBy(int old, int next) {
    daemons.within(
        "daemon " + old + " stands by naming daemon " + next,
        Duration.ofSeconds(60),
        () -> {
          Map<?, ?> h = daemons.json(old, "/1/health");
          return "STANDBY".equals(h.get("state")) && daemons.url(next).equals(h.get("leader_url"));
        });
  }

  @Test
  void aPausedLeaderAndALeaderCutFromZooKeeperSubmitNothingTwiceAndStandByUnrestarted()
      throws Exception {
    for (int i = 0; i < 2; i++) {
      daemons.launch(
          i,
          SandboxHa.config(
              sandbox, dir, i, daemons.port(i), zookeeper.getConnectString(), credentials));
    }
    int first = daemons.awaitLeader(-1, Duration.ofSeconds(90));
    int second = 1 - first;
    long[] pids = {daemons.pid(0), daemons.pid(1)};
    Files.writeString(
        Path.of(sandbox.diagnoseFile("node2.gnt.test")),
        "{\"status\": \"evacuate\", \"details\": {\"disk\": \"sdb\"}}");
    daemons.within(
        "the evacuation is under way",
        Duration.ofMinutes(2),
        () -> !SandboxHa.jobs(sandbox, credentials).isEmpty());

    daemons.signal(first, "STOP");
    assertEquals(second, daemons.awaitLeader(first, Duration.ofSeconds(90)));
    assertEquals(200, post(second, "/1/pause"), "the new leader pauses: what follows is not its");
    int jobs = SandboxHa.jobs(sandbox, credentials).size();
    try (LeaderClaims claims =
        LeaderClaims.ask(daemons.url(first), daemons.port(first), keyFile())) {
      claims.mark();
      daemons.signal(first, "CONT");
      awaitStandsBy(first, second);
      claims.close();
      assertEquals(List.of(), claims.claims(), "answers as the leader after SIGCONT");
      assertTrue(claims.answers() > 10, "the continued daemon was asked: " + claims.answers());
    }
    assertEquals(
        jobs,
        SandboxHa.jobs(sandbox, credentials).size(),
        "Ganeti jobs submitted after SIGCONT: " + SandboxHa.jobs(sandbox, credentials));
    assertEquals(200, post(second, "/1/resume"));

    net.cutFrom(DaemonProcesses.group(second), zookeeper.getPort());
    daemons.within(
        "the leader cut from ZooKeeper says so within its session",
        SESSION,
        () -> {
          Map<?, ?> h = daemons.json(second, "/1/health");
          return "DISCONNECTED".equals(h.get("state")) && Boolean.FALSE.equals(h.get("leader"));
        });
    daemons.within(
        "the first leads again",
        Duration.ofSeconds(60),
        () -> Boolean.TRUE.equals(daemons.json(first, "/1/health").get("leader")));
    net.heal(DaemonProcesses.group(second));
    awaitStandsBy(second, first);

    daemons.within(
        "node2's evacuation completes",
        Duration.ofMinutes(4),
        () -> daemons.repaired(first, "node2.gnt.test"));
    List<String> all = SandboxHa.jobs(sandbox, credentials);
    assertEquals(all.size(), all.stream().distinct().count(), "a Ganeti job twice: " + all);
    assertEquals(first, daemons.leader());
    for (int i = 0; i < 2; i++) {
      assertEquals(pids[i], daemons.pid(i), "daemon " + i + " was not restarted");
      assertTrue(!daemons.log(i).contains("\tat "), "no stack trace: " + daemons.log(i));
    }
  }
}
