package org.maintd.daemon.leader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.maintd.daemon.backend.sim.ClusterSource;
import org.maintd.daemon.backend.sim.SimBackend;
import org.maintd.daemon.backend.sim.SimSettings;
import org.maintd.daemon.testing.TestCluster;

/**
 * What the tests of leadership share: the test cluster simulated in a directory (n1 its master),
 * and an election's listener that records what it is told.
 */
final class LeaderFixtures {
  private LeaderFixtures() {}

  /** {@link TestCluster#CLUSTER}, simulated with its files in {@code dir}. */
  static SimBackend cluster(Path dir) throws IOException {
    Files.writeString(dir.resolve("cluster.data"), TestCluster.CLUSTER);
    return new SimBackend(
        dir.resolve("sim.json"),
        ClusterSource.load(dir.resolve("cluster.data")),
        new SimSettings(
            dir.resolve("cluster.data"), dir.resolve("diag"), Duration.ZERO, Duration.ZERO),
        Clock.systemUTC());
  }

  /** What an election told, in order: {@code elected}, {@code deposed: why}. Thread-safe. */
  static final class Told implements Election.Listener {
    final List<String> events = new CopyOnWriteArrayList<>();

    @Override
    public void elected() {
      events.add("elected");
    }

    @Override
    public void deposed(String why) {
      events.add("deposed: " + why);
    }
  }
}
