package org.maintd.daemon.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.maintd.daemon.config.DaemonConfig;

/**
 * The configuration files of highly available daemons over one {@link TestCluster}: daemon {@code
 * i} is node {@code n<i+1>} on its own port, with the state and leadership in ZooKeeper (maintd's
 * credentials in the directory) and the simulated cluster shared from the one state directory. Only
 * keys every release since ZooKeeper leadership reads, so that an older daemon takes them too.
 * Immutable.
 *
 * @param dir where the files and the shared state directory are
 * @param session ZooKeeper's session timeout
 * @param fence how long a new leader waits before it acts
 * @param poll how often the daemons poll
 */
public record HaConfigs(
    Path dir, TestCluster cluster, Duration session, Duration fence, Duration poll) {

  /**
   * Writes daemon {@code i}'s configuration, serving on {@code port} and reaching ZooKeeper through
   * {@code connect}, with {@code extra} YAML lines at its end (top-level keys, or keys of {@code
   * sim} indented by two spaces).
   */
  public Path write(int i, int port, String connect, String extra) throws IOException {
    DaemonConfig c = cluster.config();
    StringBuilder y = new StringBuilder();
    y.append("node: n")
        .append(i + 1)
        .append("\nbind: 127.0.0.1\nport: ")
        .append(port)
        .append("\nstateDir: ")
        .append(dir.resolve("state"))
        .append("\nhmacKeyFile: ")
        .append(c.hmacKeyFile())
        .append("\nusersFile: ")
        .append(c.usersFile())
        .append("\npollInterval: ")
        .append(poll.toMillis())
        .append("ms\nstore: zookeeper\nleadership: zookeeper\nzookeeper:\n  connect: ")
        .append(connect)
        .append("\n  credentialsFile: ")
        .append(ZooKeeperCredentials.in(dir))
        .append("\n  sessionTimeout: ")
        .append(session.toMillis())
        .append("ms\n  connectionTimeout: 5s\n  fenceWait: ")
        .append(fence.toMillis())
        .append("ms\n")
        .append(cluster.collectorAndSimYaml("1s"))
        .append("  shared: true\n")
        .append(extra);
    Path file = dir.resolve("maintd-" + i + ".yaml");
    Files.writeString(file, y.toString());
    return file;
  }
}
