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
import org.maintd.reboot.RebootAsk;
import org.maintd.reboot.RebootMode;
import org.maintd.reboot.RebootRequest;
import org.maintd.reboot.Reboots;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.MaintdState;

/**
 * The reboot invariants on their own: no power cycle takes its node down twice, unless it decided
 * the second time before the first took effect; a power-on is never planned while a key its client
 * has not released holds the node; and a collector that replays its answer from before a reboot is
 * refused, so that it tells the daemon nothing.
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
      new SimulatedReboots(new Random(3), cluster, List.of(node));
  private final MaintdState state = MaintdState.initial(T);
  private int jobs;

  /** A job of the cycle c1, planned {@code plannedAgo} before now, submitted now. */
  private void submit(Operation op, Duration plannedAgo) {
    String key = OWNER + "-r" + ++jobs;
    long planned = clock.instant().minus(plannedAgo).toEpochMilli() * 1_000_000;
    cluster.submit(new JobSpec(key, OWNER, List.of(op), ReasonTrail.of("job", key, planned)));
  }

  /** A reboot job of the cycle c1: it ends, the node goes down and comes back. */
  private void reboot(boolean hard) {
    submit(new Operation.RebootNode(node, hard), Duration.ZERO);
    passes();
  }

  private void passes() {
    clock.advance(Duration.ofSeconds(30));
    cluster.now();
    clock.advance(Duration.ofSeconds(150));
    cluster.now();
  }

  private CollectorReading poll() {
    return collectors.poll(List.of(node)).get(node);
  }

  @Test
  void oneRebootOfACycleKeepsTheInvariant() {
    poll();
    reboot(false);
    poll();
    assertEquals(Optional.empty(), reboots.check(state));
  }

  @Test
  void aSecondRebootDecidedAfterTheFirstTookEffectBreaksIt() {
    poll();
    reboot(false);
    collectors.fault(node, SimulatedCollectors.Fault.REPLAYED);
    poll();
    reboot(true);
    assertEquals(
        "reboot: " + OWNER + " took " + node + " down 2 times",
        reboots.check(state).orElseThrow().replaceAll(" \\(the last decided.*", ""));
  }

  @Test
  void aSecondRebootDecidedBeforeTheFirstTookEffectKeepsIt() {
    submit(new Operation.RebootNode(node, false), Duration.ZERO);
    submit(new Operation.RebootNode(node, true), Duration.ZERO);
    passes();
    clock.advance(Duration.ofMinutes(5));
    cluster.now();
    assertEquals(Optional.empty(), reboots.check(state));
  }

  @Test
  void theAnswerFromBeforeARebootReplayedAfterItIsRefused() {
    String before = poll().bootId();
    reboot(false);
    collectors.fault(node, SimulatedCollectors.Fault.REPLAYED);
    CollectorReading replayed = poll();
    assertEquals("rejected", replayed.health(), replayed.detail());
    assertEquals("", replayed.bootId());
    collectors.fault(node, SimulatedCollectors.Fault.NONE);
    CollectorReading fresh = poll();
    assertEquals(false, fresh.bootId().equals(before), fresh.bootId());
  }

  /** A node held by alpha and beta, its cycle c1, both accepted a minute ago. */
  private MaintdState held() {
    Reboots r = Reboots.empty();
    for (String key : List.of("alpha", "beta")) {
      r =
          r.add(
              RebootRequest.accepted(
                  key,
                  new RebootAsk(
                      node, RebootMode.SOFT, Optional.of(key), "", false, false, "client"),
                  T));
    }
    clock.advance(Duration.ofMinutes(1));
    return state.withReboots(r);
  }

  @Test
  void aPowerOnPlannedWhileAKeyItsClientKeepsHoldsTheNodeBreaksIt() {
    MaintdState s = held();
    submit(new Operation.PowerNode(node, true, true), Duration.ZERO);
    assertEquals(
        Optional.of(
            "reboot: a power-on of "
                + node
                + " was planned at "
                + clock.instant()
                + " by "
                + OWNER
                + " while key alpha of request alpha holds it"),
        reboots.check(s));
  }

  @Test
  void aPowerOnPlannedOnceTheClientsReleasedEveryKeyKeepsIt() {
    MaintdState s = held();
    reboots.tidyUp(s, true);
    submit(new Operation.PowerNode(node, true, true), Duration.ZERO);
    assertEquals(Optional.empty(), reboots.check(s));
  }

  @Test
  void aPowerOnPlannedBeforeTheRequestsCameKeepsIt() {
    MaintdState s = held();
    submit(new Operation.PowerNode(node, true, true), Duration.ofMinutes(2));
    assertEquals(Optional.empty(), reboots.check(s));
  }
}
