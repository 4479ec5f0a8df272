package org.maintd.daemon.testing;

import java.nio.file.Path;
import java.util.function.Function;
import org.apache.curator.test.TestingServer;
import org.maintd.daemon.config.Ha;

/**
 * A test cluster whose daemon keeps its state in ZooKeeper, served by Curator's in-process test
 * server; the daemon is not started. Closing closes the cluster, then the server.
 */
public final class ClusterInZooKeeper implements AutoCloseable {
  public final TestingServer server;
  public final TestCluster cluster;

  private ClusterInZooKeeper(TestingServer server, TestCluster cluster) {
    this.server = server;
    this.cluster = cluster;
  }

  /**
   * A cluster in {@code dir} whose daemon leads as {@code ha} says for the server's connection
   * string ({@link Ensembles#electedWithStateIn}, {@link Ensembles#onTheMasterWithStateIn}).
   */
  public static ClusterInZooKeeper of(Path dir, Function<String, Ha> ha) throws Exception {
    TestingServer server = new TestingServer(true);
    try {
      TestCluster cluster = new TestCluster(dir);
      cluster.ha = ha.apply(server.getConnectString());
      return new ClusterInZooKeeper(server, cluster);
    } catch (Exception e) {
      server.close();
      throw e;
    }
  }

  @Override
  public void close() throws Exception {
    try {
      cluster.close();
    } finally {
      server.close();
    }
  }
}
