package org.maintd.daemon.testing;

import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;

/**
 * ZooKeeper ensembles for tests. {@link TestingCluster#start} returns once the servers run, not
 * once they have elected a leader and serve: on a loaded two-core machine that can take seconds,
 * longer than the connection timeouts the tests give maintd on purpose.
 */
public final class Ensembles {
  /** How long an ensemble may take to serve; {@code maintd.test.timeScale} stretches it. */
  private static final Duration QUORUM =
      Duration.ofSeconds(
          (long) (60 * Double.parseDouble(System.getProperty("maintd.test.timeScale", "1"))));

  private Ensembles() {}

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
}
