package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.DaemonProcesses;
import org.maintd.daemon.testing.HaConfigs;
import org.maintd.daemon.testing.LeaderClaims;
import org.maintd.daemon.testing.NetCut;
import org.maintd.daemon.testing.SharedSimJobs;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.daemon.testing.ZooKeeperCredentials;
import org.maintd.daemon.testing.ZooKeeperQuorum;
import org.maintd.protocol.json.Json;

/**
 * Faults around ZooKeeper made with the kernel's own tools, on three daemons and a three-server
 * ensemble, each in a process and a network group of its own (nftables drops, no proxy): the leader
 * paused past its session and continued, the leader cut from ZooKeeper while it keeps the cluster
 * and the collectors, one ZooKeeper server partitioned from its peers and then the leader's own
 * server. No job is submitted twice, the old leader claims nothing as the leader once it may have
 * lost, each fault shows in its health, and it stands by without a restart. About 50 s each.
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class ZooKeeperFaultsIT {
  private static final Duration SESSION = Duration.ofSeconds(2);
  private static final Duration FENCE = Duration.ofSeconds(2);
  private static final Duration POLL = Duration.ofMillis(200);

  @TempDir Path tmp;

  NetCut net;
  TestCluster cluster;
  ZooKeeperQuorum zk;
  DaemonProcesses daemons;

  @BeforeEach
  void start() throws Exception {
    net = NetCut.required();
    cluster = new TestCluster(tmp);
    zk = ZooKeeperQuorum.start(tmp, 3, net);
    daemons = new DaemonProcesses(tmp, 3, "128m").inGroups(net);
    for (int i = 0; i < 3; i++) {
      daemons.launch(
          i,
          new HaConfigs(tmp, cluster, SESSION, FENCE, POLL)
              .write(i, daemons.port(i), zk.connect(), ""));
    }
  }

  @AfterEach
  void stop() throws Exception {
    if (daemons != null) {
      daemons.close();
    }
    if (zk != null) {
      zk.close();
    }
    if (cluster != null) {
      cluster.close();
    }
    if (net != null) {
      net.close();
    }
  }

  private List<Map<String, Object>> simJobs() throws IOException {
    return SharedSimJobs.in(tmp.resolve("state"));
  }

  private void awaitRepaired(String... nodes) {
    daemons.within(
        String.join(", ", nodes) + " evacuated",
        Duration.ofSeconds(90),
        () -> {
          int l = daemons.leader();
          for (String n : nodes) {
            if (l < 0 || !daemons.repaired(l, n)) {
              return false;
            }
          }
          return true;
        });
  }

  /** Who wrote the stored state last: its leader epoch and writer, from its header. */
  private static String writer(CuratorFramework maintd) throws Exception {
    Map<?, ?> header =
        (Map<?, ?>)
            Json.parse(new String(maintd.getData().forPath("/state"), StandardCharsets.UTF_8));
    return "epoch " + ((Number) header.get("epoch")).longValue() + " by " + header.get("writer");
  }

  private void awaitStandsBy(int old, int next, Duration limit) {
    daemons.within(
        "daemon " + old + " stands by naming daemon " + next,
        limit,
        () -> {
          Map<?, ?> h = daemons.json(old, "/1/health");
          return "STANDBY".equals(h.get("state")) && daemons.url(next).equals(h.get("leader_url"));
        });
  }

  @Test
  void aLeaderContinuedAfterAPauseLongerThanItsSessionClaimsSubmitsAndWritesNothingAsLeader()
      throws Exception {
    int old = daemons.awaitLeader(-1, Duration.ofSeconds(60));
    long pid = daemons.pid(old);
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    daemons.within(
        "the evacuation is under way", Duration.ofSeconds(30), () -> !simJobs().isEmpty());
    daemons.signal(old, "STOP");
    int next = daemons.awaitLeader(old, Duration.ofSeconds(60));
    assertTrue(daemons.log(next).contains("took over the state"), daemons.log(next));
    // the new leader submits nothing more: whatever is submitted from now on is the old one's
    HttpResponse<String> paused = cluster.signedPost(daemons.port(next), "/1/pause", "{}");
    assertEquals(200, paused.statusCode(), paused.body());
    int jobs = simJobs().size();
    List<String> writes = new ArrayList<>();
    try (CuratorFramework maintd = ZooKeeperCredentials.client(tmp, zk.connect());
        LeaderClaims claims =
            LeaderClaims.ask(daemons.url(old), daemons.port(old), cluster.keyFile)) {
      String before = writer(maintd);
      claims.mark();
      daemons.signal(old, "CONT");
      long continued = System.nanoTime();
      daemons.within(
          "the old leader stands by",
          Duration.ofSeconds(30),
          () -> {
            String now = writer(maintd);
            if (!now.equals(before) && !writes.contains(now)) {
              writes.add(now);
            }
            Map<?, ?> h = daemons.json(old, "/1/health");
            return "STANDBY".equals(h.get("state"))
                && daemons.url(next).equals(h.get("leader_url"));
          });
      System.out.println(
          "the continued leader stood by "
              + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - continued)
              + " ms after SIGCONT; "
              + claims.answers()
              + " answers asked meanwhile");
      claims.close();
      assertEquals(List.of(), claims.claims(), "answers as the leader after SIGCONT");
      assertTrue(claims.answers() > 10, "the continued daemon was asked: " + claims.answers());
      assertEquals(
          jobs, simJobs().size(), "jobs submitted after SIGCONT: " + simJobs() + daemons.tails(40));
      assertEquals(List.of(), writes, "state writes after SIGCONT (the new leader is paused)");
    }
    assertEquals(200, cluster.signedPost(daemons.port(next), "/1/resume", "{}").statusCode());
    awaitRepaired("n2");
    SharedSimJobs.assertNoKeyTwice(tmp.resolve("state"));
    assertEquals(next, daemons.leader());
    assertEquals(pid, daemons.pid(old), "the old leader was not restarted");
    String log = daemons.log(old);
    assertTrue(log.contains("no answer within its lease"), log);
    assertTrue(!log.contains("\tat "), "no stack trace: " + log);
  }

  @Test
  void aLeaderCutFromZooKeeperButNotFromTheClusterStopsOnSuspensionAndStandsByOnceHealed()
      throws Exception {
    int old = daemons.awaitLeader(-1, Duration.ofSeconds(60));
    long pid = daemons.pid(old);
    int[] zkPorts = {zk.ports(0).client(), zk.ports(1).client(), zk.ports(2).client()};
    net.cutFrom(DaemonProcesses.group(old), zkPorts);
    Instant cutAt = Instant.now();
    long cut = System.nanoTime();
    cluster.report("n2", "{\"status\": \"evacuate\"}");
    daemons.within(
        "the leader cut off says so",
        SESSION,
        () -> {
          Map<?, ?> h = daemons.json(old, "/1/health");
          return "DISCONNECTED".equals(h.get("state")) && Boolean.FALSE.equals(h.get("leader"));
        });
    long noticed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cut);
    daemons.within(
        "its metric says so",
        SESSION,
        () -> daemons.get(old, "/metrics").body().contains("maintd_zookeeper_connected 0.0"));
    int[] elected = {-1};
    daemons.within(
        "another daemon leads",
        Duration.ofSeconds(60),
        () -> {
          for (int i = 0; i < 3; i++) {
            if (i != old && Boolean.TRUE.equals(daemons.json(i, "/1/health").get("leader"))) {
              elected[0] = i;
            }
          }
          return elected[0] >= 0;
        });
    int next = elected[0];
    daemons.within("n2 evacuated", Duration.ofSeconds(90), () -> daemons.repaired(next, "n2"));
    List<Instant> submitted = SharedSimJobs.submissionTimes(tmp.resolve("state"));
    assertTrue(
        !submitted.isEmpty() && !submitted.get(0).isBefore(cutAt.plus(FENCE)),
        "submitted while cut from ZooKeeper (cut at " + cutAt + "): " + submitted);

    net.heal(DaemonProcesses.group(old));
    awaitStandsBy(old, next, Duration.ofSeconds(30));
    assertEquals(next, daemons.leader());
    SharedSimJobs.assertNoKeyTwice(tmp.resolve("state"));
    assertEquals(pid, daemons.pid(old), "the old leader was not restarted");
    List<String> said =
        daemons.log(old).lines().filter(l -> l.contains("ZooKeeperConnection")).toList();
    assertTrue(
        said.size() <= 4,
        "one line per change of the connection (not one per retry): " + String.join("\n", said));
    assertTrue(!daemons.log(old).contains("\tat "), daemons.log(old));
    System.out.println(
        "the leader cut from ZooKeeper said DISCONNECTED "
            + noticed
            + " ms after the cut: "
            + said);
  }

  @Test
  void oneZooKeeperServerCutFromItsPeersStopsNothingAndTheLeadersSessionMovesOffItsOwn()
      throws Exception {
    int leader = daemons.awaitLeader(-1, Duration.ofSeconds(60));
    int own = zk.serverOf(daemons.pid(leader));
    assertTrue(own >= 0, "the leader's session is on a server");
    // a follower the leader's session is not on: its partition leaves the quorum its leader
    int other = zk.mode((own + 1) % 3).equals("follower") ? (own + 1) % 3 : (own + 2) % 3;
    List<String> twoLeaders = new ArrayList<>();
    Thread watch =
        new Thread(
            () -> {
              while (!Thread.currentThread().isInterrupted()) {
                List<Integer> leading = new ArrayList<>();
                for (int i = 0; i < 3; i++) {
                  if (Boolean.TRUE.equals(daemons.json(i, "/1/health").get("leader"))) {
                    leading.add(i);
                  }
                }
                if (leading.size() > 1) {
                  twoLeaders.add(Instant.now() + ": " + leading);
                }
              }
            });
    watch.start();
    try {
      partition(other);
      daemons.within(
          "the leader, its session on a server that keeps its peers, leads on and is healthy",
          SESSION.multipliedBy(3),
          () -> daemons.get(leader, "/1/health").statusCode() == 200);
      daemons.within(
          "every daemon names the same leader (those whose sessions were on it moved)",
          SESSION.multipliedBy(3),
          () -> daemons.leader() == leader);
      heal(other);

      cluster.report("n2", "{\"status\": \"evacuate\"}");
      String ownMode = zk.mode(own);
      partition(own);
      long cut = System.nanoTime();
      daemons.within(
          "the leader's session moves to another server",
          SESSION.plusSeconds(3),
          () -> {
            int now = zk.serverOf(daemons.pid(leader));
            return now >= 0 && now != own;
          });
      long moved = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - cut);
      awaitRepaired("n2");
      int after = daemons.leader();
      heal(own);
      System.out.println(
          "the leader's session left its partitioned server ("
              + ownMode
              + " before the cut) in "
              + moved
              + " ms; daemon "
              + after
              + " leads after it (daemon "
              + leader
              + " before)");
    } finally {
      watch.interrupt();
      watch.join(10_000);
    }
    assertEquals(List.of(), twoLeaders, "two daemons said they led at once");
    SharedSimJobs.assertNoKeyTwice(tmp.resolve("state"));
  }

  /** Cuts server {@code i} from its peers, both ways, keeping its clients; awaits the effect. */
  private void partition(int i) throws Exception {
    net.cut(
        ZooKeeperQuorum.group(i),
        "--except-sport",
        Integer.toString(zk.ports(i).client()),
        "--name",
        "peers");
    daemons.within(
        "server " + i + " stops serving without its peers, the two others serve",
        Duration.ofSeconds(20),
        () -> !zk.serving(i) && zk.serving((i + 1) % 3) && zk.serving((i + 2) % 3));
  }

  private void heal(int i) throws Exception {
    net.heal(ZooKeeperQuorum.group(i));
    zk.awaitServing(Duration.ofSeconds(60));
  }
}
