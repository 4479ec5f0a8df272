package org.maintd.daemon.leader;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.backend.sim.SimBackend;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;

/**
 * {@code leadership: standby}: a daemon on n2 waits while n1 is the master, leads once the master
 * role moves to n2, and stops leading when it moves away again, without exiting.
 */
class MasterWatchTest {
  @TempDir Path dir;
  SimBackend cluster;
  MasterWatch watch;
  final LeaderFixtures.Told told = new LeaderFixtures.Told();
  final List<String> events = told.events;

  @BeforeEach
  void start() throws Exception {
    cluster = LeaderFixtures.cluster(dir);
    watch =
        new MasterWatch(
            "n2",
            cluster,
            new Vote.Skipped(),
            Duration.ofMillis(20),
            "http://{node}:1816",
            Clock.systemUTC());
    watch.listen(told);
    watch.start();
  }

  @AfterEach
  void stop() {
    watch.close();
  }

  private void failover(String from, String to) {
    String key = "it-" + from + "-" + to;
    cluster.submit(
        new JobSpec(
            key,
            "test",
            List.of(new Operation.FailoverMaster(from, to)),
            ReasonTrail.of("move the master", key, 1)));
  }

  @Test
  void waitsWhileAnotherNodeIsMasterLeadsWhenItIsThenStandsByAgain() {
    await("the watch names n1's daemon as the leader")
        .atMost(Duration.ofSeconds(10))
        .until(() -> watch.leaderUrl().equals("http://n1:1816"));
    assertFalse(watch.leads());
    assertEquals(List.of(), events);

    failover("n1", "n2");
    await("n2 leads").atMost(Duration.ofSeconds(10)).until(watch::leads);
    assertEquals(List.of("elected"), events);
    assertEquals("http://n2:1816", watch.leaderUrl());

    failover("n2", "n3");
    await("n2 stands by again").atMost(Duration.ofSeconds(10)).until(() -> !watch.leads());
    assertEquals(List.of("elected", "deposed: the master role moved to n3"), events);
  }
}
