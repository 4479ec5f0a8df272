package org.maintd.daemon.testing;

import static org.awaitility.Awaitility.await;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.apache.zookeeper.util.ServiceUtils;
import org.maintd.daemon.config.Ha;
import org.maintd.daemon.config.Store;
import org.maintd.daemon.config.WhoLeads;
import org.maintd.daemon.config.ZooKeeper;

/**
 * ZooKeeper ensembles for tests, and the settings of a daemon whose state is kept in one. {@link
 * TestingCluster#start} returns once the servers run, not once they have elected a leader and
 * serve: on a loaded two-core machine that can take seconds, longer than the connection timeouts
 * the tests give maintd on purpose.
 */
public final class Ensembles {
  /** How long an ensemble may take to serve; {@code maintd.test.timeScale} stretches it. */
  private static final Duration QUORUM =
      Duration.ofSeconds(
          (long) (60 * Double.parseDouble(System.getProperty("maintd.test.timeScale", "1"))));

  private Ensembles() {}

  /**
   * The daemon on the master (no election), its state in the ZooKeeper at {@code connect} under
   * {@code /maintd}, open ACLs, a session of 5 s and a fence of 300 ms.
   */
  public static Ha onTheMasterWithStateIn(String connect) {
    return new Ha(new WhoLeads.Master(new Store.InZooKeeper(openlyIn(connect))), null);
  }

  /** Daemons elected through the ZooKeeper at {@code connect}, their state there, as above. */
  public static Ha electedWithStateIn(String connect) {
    return Ha.elected(openlyIn(connect));
  }

  private static ZooKeeper openlyIn(String connect) {
    return new ZooKeeper(
        connect,
        Duration.ofSeconds(5),
        Duration.ofSeconds(5),
        "/maintd",
        null,
        Duration.ofMillis(300));
  }

  /** Waits until every server of {@code ensemble} answers a read of its own. */
  public static void awaitServing(TestingCluster ensemble) {
    for (InstanceSpec server : ensemble.getInstances()) {
      await("ZooKeeper server " + server.getConnectString() + " serves")
          .atMost(QUORUM)
          .pollInterval(Duration.ofMillis(200))
          .ignoreExceptions()
          .until(() -> serves(server.getConnectString()));
    }
  }

  private static boolean serves(String connect) throws Exception {
    try (CuratorFramework client =
        CuratorFrameworkFactory.builder()
            .connectString(connect)
            .retryPolicy(new RetryOneTime(100))
            .connectionTimeoutMs(2_000)
            .sessionTimeoutMs(10_000)
            .ensembleTracker(false)
            .build()) {
      client.start();
      return client.blockUntilConnected(2, TimeUnit.SECONDS)
          && client.checkExists().forPath("/") != null;
    }
  }

  /**
   * Specs of {@code n} servers whose ports (client, election, quorum) lie below the kernel's range
   * of ephemeral ports: while a server is down, a client connection elsewhere could otherwise be
   * given its port as its own local port, and the server could not take it back when restarted.
   * Also lets a restarted server try its election port for a minute instead of three seconds, and
   * keeps a server that gives up from ending the test's JVM (ZooKeeper exits with code 14), so that
   * the test fails on what it checks instead.
   */
  public static List<InstanceSpec> belowEphemeralPorts(Path dir, int n) throws IOException {
    System.setProperty("zookeeper.electionPortBindRetry", "60");
    ServiceUtils.setSystemExitProcedure(ServiceUtils.LOG_ONLY);
    List<InstanceSpec> specs = new ArrayList<>();
    for (int i = 1; i <= n; i++) {
      File data = Files.createDirectories(dir.resolve("zk" + i)).toFile();
      specs.add(
          new InstanceSpec(
              data, FreePorts.next(), FreePorts.next(), FreePorts.next(), true, i, 200, -1));
    }
    return specs;
  }
}
