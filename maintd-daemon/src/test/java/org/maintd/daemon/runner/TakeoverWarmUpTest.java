package org.maintd.daemon.runner;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.backend.sim.SimBackend;
import org.maintd.daemon.backend.sim.SimSettings;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.htools.HtoolsReader;
import org.maintd.incident.Observation;
import org.maintd.round.RoundStep;
import org.maintd.round.Settings;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.MaintdState;
import org.maintd.spi.ReportSource;

/**
 * A new leader's rehearsal against the simulated cluster: its readings serve the first poll of the
 * same nodes while they are fresh, and only that one; anything else goes to the collectors.
 */
class TakeoverWarmUpTest {
  private static final Duration INTERVAL = Duration.ofSeconds(30);

  @TempDir Path dir;

  private final FakeClock clock = new FakeClock(Instant.parse("2026-11-27T10:00:00Z"));
  private final AtomicInteger statesRead = new AtomicInteger();
  private SimBackend sim;
  private Collectors collectors;

  /** The collectors' edge: counts the polls, and can refuse the first (a poller not running). */
  private final class Collectors implements ReportSource {
    final AtomicInteger polls = new AtomicInteger();
    boolean refuseFirst;

    @Override
    public Map<String, CollectorReading> poll(Collection<String> nodes) {
      if (polls.incrementAndGet() == 1 && refuseFirst) {
        throw new IllegalStateException("the poller is STOPPED; it cannot poll");
      }
      Map<String, CollectorReading> out = new HashMap<>();
      for (String node : nodes) {
        out.put(
            node,
            new CollectorReading(
                node, new Observation.Clear(), "ok", "", clock.instant(), "boot-" + node));
      }
      return out;
    }
  }

  @BeforeEach
  void setUp() {
    Cluster c = new HtoolsReader().read(TestCluster.CLUSTER, "t");
    sim =
        new SimBackend(
            dir.resolve("sim.json"),
            c,
            new SimSettings(dir, dir, Duration.ofSeconds(1), Duration.ZERO),
            clock);
    collectors = new Collectors();
  }

  private TakeoverWarmUp started() throws InterruptedException {
    TakeoverWarmUp r =
        TakeoverWarmUp.start(
            collectors,
            sim,
            new RoundStep(Settings.defaults(), UUID::randomUUID),
            stored(),
            INTERVAL,
            clock);
    r.result();
    return r;
  }

  /** The state last stored: a fresh one, each read counted. */
  private Supplier<MaintdState> stored() {
    return () -> {
      statesRead.incrementAndGet();
      return MaintdState.initial(clock.instant());
    };
  }

  private List<String> nodes() {
    return List.copyOf(sim.snapshot().nodesByName().keySet());
  }

  @Test
  void theFirstPollOfTheSameNodesTakesTheRehearsedReadingsAndTheNextPollsTheCollectors()
      throws Exception {
    TakeoverWarmUp r = started();

    TakeoverWarmUp.Result.Warmed done =
        assertInstanceOf(TakeoverWarmUp.Result.Warmed.class, r.result());
    assertEquals(sim.snapshot().nodesByName().keySet(), done.nodes());
    await("the round stepped on the stored state").until(() -> statesRead.get() == 1);
    assertSame(done.readings(), r.poll(nodes()));
    assertEquals(1, collectors.polls.get());
    assertNotSame(done.readings(), r.poll(nodes()));
    assertEquals(2, collectors.polls.get());
  }

  @Test
  void readingsAsOldAsThePollIntervalServeButOlderOnesArePolledAgain() throws Exception {
    TakeoverWarmUp fresh = started();
    clock.advance(INTERVAL);
    fresh.poll(nodes());
    assertEquals(1, collectors.polls.get());

    TakeoverWarmUp stale = started();
    clock.advance(INTERVAL.plusMillis(1));
    stale.poll(nodes());
    assertEquals(3, collectors.polls.get());
  }

  @Test
  void aFirstPollOfOtherNodesPollsThem() throws Exception {
    TakeoverWarmUp r = started();
    List<String> fewer = nodes().subList(1, nodes().size());

    assertEquals(fewer.size(), r.poll(fewer).size());
    assertEquals(2, collectors.polls.get());
  }

  @Test
  void aRehearsalThatCouldNotPollLeavesTheFirstPollToTheCollectors() throws Exception {
    collectors.refuseFirst = true;
    TakeoverWarmUp r = started();

    TakeoverWarmUp.Result.Failed failed =
        assertInstanceOf(TakeoverWarmUp.Result.Failed.class, r.result());
    assertTrue(failed.why().contains("the poller is STOPPED"), failed.why());
    assertEquals(nodes().size(), r.poll(nodes()).size());
    assertEquals(2, collectors.polls.get());
  }

  @Test
  void aStandbysWarmUpPollsEveryNodeOnceAndStepsARoundOnTheStoredState() throws Exception {
    TakeoverWarmUp.Result warmed =
        TakeoverWarmUp.warmUp(
                collectors,
                sim,
                new RoundStep(Settings.defaults(), UUID::randomUUID),
                stored(),
                clock)
            .get();

    TakeoverWarmUp.Result.Warmed done =
        assertInstanceOf(TakeoverWarmUp.Result.Warmed.class, warmed);
    assertEquals(sim.snapshot().nodesByName().keySet(), done.nodes());
    assertEquals(1, collectors.polls.get());
    await("the round stepped on the stored state").until(() -> statesRead.get() == 1);
  }

  @Test
  void withoutARehearsalEveryPollGoesToTheCollectors() throws Exception {
    TakeoverWarmUp none = TakeoverWarmUp.none(collectors, clock);

    assertInstanceOf(TakeoverWarmUp.Result.Skipped.class, none.result());
    none.poll(nodes());
    none.poll(nodes());
    assertEquals(2, collectors.polls.get());
  }
}
