package org.maintd.daemon.testing;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A ZooKeeper ensemble of servers each in a process of its own and in a network group of its own
 * ({@code zk<i>} of a {@link NetCut}), so that a test can partition one server from its peers while
 * it keeps its clients: {@code scripts/netcut cut zk<i> --except-sport CLIENT} drops whatever the
 * server sends but from its client port, to its peers' quorum and election ports and from its own.
 * Closing kills them all. Thread-safe once started (it only reads what it started).
 */
public final class ZooKeeperQuorum implements AutoCloseable {
  /** A server's ports: its clients', its followers' (quorum) and its election's. */
  public record Ports(int client, int quorum, int election) {}

  private final List<Ports> ports;
  private final List<ZooKeeperServerProcess> servers = new ArrayList<>();

  private ZooKeeperQuorum(List<Ports> ports) {
    this.ports = ports;
  }

  /** Starts {@code count} servers under {@code dir}, server {@code i} in group {@code zk<i>}. */
  public static ZooKeeperQuorum start(Path dir, int count, NetCut cut) throws IOException {
    List<Ports> ports = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      ports.add(new Ports(FreePorts.next(), FreePorts.next(), FreePorts.next()));
    }
    ZooKeeperQuorum quorum = new ZooKeeperQuorum(ports);
    for (int i = 0; i < count; i++) {
      quorum.servers.add(quorum.launch(dir.resolve("zk" + i), i, cut));
    }
    quorum.awaitServing(Duration.ofSeconds(60));
    return quorum;
  }

  private ZooKeeperServerProcess launch(Path dir, int i, NetCut cut) throws IOException {
    Files.createDirectories(dir.resolve("data"));
    Files.writeString(dir.resolve("data/myid"), (i + 1) + "\n");
    List<String> config = new ArrayList<>();
    config.add("clientPort=" + ports.get(i).client());
    config.add("initLimit=10");
    config.add("syncLimit=2");
    for (int j = 0; j < ports.size(); j++) {
      config.add(
          "server."
              + (j + 1)
              + "=127.0.0.1:"
              + ports.get(j).quorum()
              + ":"
              + ports.get(j).election());
    }
    return ZooKeeperServerProcess.launch(
        ZooKeeperServerProcess.Release.V3_9,
        dir,
        "org.apache.zookeeper.server.quorum.QuorumPeerMain",
        config,
        List.of(),
        ports.get(i).client(),
        command -> cut.wrap(group(i), command));
  }

  /** The network group server {@code i} runs in. */
  public static String group(int i) {
    return "zk" + i;
  }

  public Ports ports(int i) {
    return ports.get(i);
  }

  /** The servers, as a ZooKeeper client's connection string. */
  public String connect() {
    return ports.stream().map(p -> "127.0.0.1:" + p.client()).collect(Collectors.joining(","));
  }

  /** Server {@code i}'s mode as its {@code srvr} says: leader, follower, or not serving. */
  public String mode(int i) {
    try (Socket s = new Socket("127.0.0.1", ports.get(i).client())) {
      s.setSoTimeout(2000);
      s.getOutputStream().write("srvr".getBytes(StandardCharsets.US_ASCII));
      String answer = new String(s.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
      int at = answer.indexOf("Mode: ");
      return at < 0 ? "not serving" : answer.substring(at + 6).lines().findFirst().orElse("");
    } catch (IOException e) {
      return "not serving";
    }
  }

  /** Whether server {@code i} serves its clients (it is part of a quorum). */
  public boolean serving(int i) {
    String mode = mode(i);
    return mode.equals("leader") || mode.equals("follower");
  }

  /** Waits until every server serves. */
  public void awaitServing(Duration limit) {
    await("every ZooKeeper server serves")
        .atMost(limit)
        .pollInterval(Duration.ofMillis(200))
        .until(() -> servers.stream().allMatch(s -> serving(servers.indexOf(s))));
  }

  /**
   * The server process {@code pid}'s ZooKeeper session is on now, as {@code ss -tnp} shows its
   * established connection to one of the client ports; -1 when it has none.
   */
  public int serverOf(long pid) throws Exception {
    Process ss = new ProcessBuilder("ss", "-tnpH", "state", "established").start();
    String out = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    ss.waitFor(10, TimeUnit.SECONDS);
    for (String line : out.lines().filter(l -> l.contains("pid=" + pid + ",")).toList()) {
      String[] fields = line.trim().split("\\s+");
      String peer = fields[fields.length - 2];
      for (int i = 0; i < ports.size(); i++) {
        if (peer.endsWith(":" + ports.get(i).client())) {
          return i;
        }
      }
    }
    return -1;
  }

  /** What server {@code i} logged, for a failure's message. */
  public String log(int i) {
    return servers.get(i).log();
  }

  @Override
  public void close() throws InterruptedException {
    for (ZooKeeperServerProcess s : servers) {
      s.close();
    }
  }
}
