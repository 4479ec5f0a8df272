package org.maintd.daemon.simulation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.spi.MaintdState;

/**
 * The invariant that no power cycle takes its node down twice: a second reboot by the same cycle
 * breaks it, unless, between the two, the node's collector showed the daemon the boot id from
 * before the first (a replayed answer the protocol accepts), which tells the daemon the first did
 * not take effect.
 */
class SimulatedRebootsTest {
  private static final Instant T = Instant.parse("2026-01-05T08:00:00Z");
  private static final String OWNER = "reboot:c1";

  private final FakeClock clock = new FakeClock(T);
  private final Cluster initial = ClusterGenerator.generate(new Random(1));
  private final SimulatedCluster cluster =
      new SimulatedCluster(initial, clock, new Random(2), new Ledger());
  private final SimulatedCollectors collectors =
      new SimulatedCollectors(
          cluster, new HmacKey("simulation key".getBytes(StandardCharsets.UTF_8)), clock);
  private final String node =
      initial.nodes().stream().filter(n -> !n.master()).map(Node::name).findFirst().orElseThrow();
  private final SimulatedReboots reboots =
      new SimulatedReboots(new Random(3), cluster, collectors, List.of(node));
  private final MaintdState state = MaintdState.initial(T);
  private int jobs;

  /** A reboot job of the cycle c1: it ends, the node goes down and comes back. */
  private void reboot(boolean hard) {
    String key = OWNER + "-r" + ++jobs;
    cluster.submit(
        new JobSpec(
            key,
            OWNER,
            List.of(new Operation.RebootNode(node, hard)),
            ReasonTrail.of("reboot " + node, key, 0)));
    clock.advance(Duration.ofSeconds(30));
    cluster.now();
    clock.advance(Duration.ofSeconds(150));
    cluster.now();
  }

  private void poll() {
    collectors.poll(List.of(node));
  }

  @Test
  void oneRebootOfACycleKeepsTheInvariant() {
    poll();
    reboot(false);
    poll();
    assertEquals(Optional.empty(), reboots.check(state));
  }

  @Test
  void aSecondRebootOfTheSameCycleBreaksIt() {
    poll();
    reboot(false);
    poll();
    reboot(true);
    assertEquals(
        Optional.of("reboot: " + OWNER + " took " + node + " down 2 times"), reboots.check(state));
  }

  @Test
  void aSecondRebootAfterTheCollectorShowedTheOldBootIdIsWhatTheDaemonIsMeantToDo() {
    poll();
    reboot(false);
    collectors.fault(node, SimulatedCollectors.Fault.REPLAYED);
    poll();
    reboot(true);
    assertEquals(Optional.empty(), reboots.check(state));
  }

  @Test
  void aReplayBeforeTheFirstRebootExcusesNoSecond() {
    poll();
    collectors.fault(node, SimulatedCollectors.Fault.REPLAYED);
    poll();
    collectors.fault(node, SimulatedCollectors.Fault.NONE);
    reboot(false);
    poll();
    reboot(true);
    assertEquals(
        Optional.of("reboot: " + OWNER + " took " + node + " down 2 times"), reboots.check(state));
  }
}
