package org.maintd.daemon.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.backend.sim.SimBackend;
import org.maintd.daemon.backend.sim.SimJob;
import org.maintd.daemon.service.PartState;
import org.maintd.daemon.store.FileStateStore;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.incident.IncidentStatus;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;
import org.maintd.spi.StateUnwritableException;

/**
 * The runner on a store whose disk refuses writes for a while, during an evacuation: no job is
 * submitted while its intent cannot be stored, the view stays the last good one, every tick writes
 * again, and once the disk takes writes the evacuation goes on with no job submitted twice, also
 * when the refused write was the one that stores the ids of jobs already submitted. The refusing
 * disk is a stand-in at the store's edge (the small-disk tests make the real one). Costs well under
 * a second.
 */
class RefusedStateRunnerTest {
  @TempDir Path dir;

  private RunnerBench bench;
  private FakeClock clock;
  private SimBackend sim;
  private RefusingStore store;

  /** A file store whose disk refuses every write while {@link #refuse} is set; counts the tries. */
  static final class RefusingStore implements StateStore {
    final FileStateStore real;
    boolean refuse;
    int refused;
    int checked;

    RefusingStore(FileStateStore real) {
      this.real = real;
    }

    @Override
    public boolean exists() {
      return real.exists();
    }

    @Override
    public String where() {
      return real.where();
    }

    @Override
    public MaintdState load(Instant now) {
      return real.load(now);
    }

    @Override
    public MaintdState save(MaintdState state) {
      if (refuse) {
        refused++;
        throw new StateUnwritableException(
            real.where(), "No space left on device", new IOException("No space left on device"));
      }
      return real.save(state);
    }

    @Override
    public void checkWritable() {
      if (refuse) {
        checked++;
        throw new StateUnwritableException(
            real.where(), "Read-only file system", new IOException("Read-only file system"));
      }
    }

    @Override
    public void close() {
      real.close();
    }
  }

  @BeforeEach
  void setUp() {
    bench = new RunnerBench(dir);
    clock = bench.clock;
    sim = bench.sim;
    store = new RefusingStore(new FileStateStore(dir.resolve("state.json")));
  }

  @AfterEach
  void tearDown() {
    store.close();
  }

  @Test
  void nothingIsSubmittedWhileTheStateIsRefusedAndTheEvacuationEndsAfterWithNoJobTwice()
      throws Exception {
    RoundRunner runner = runner(Boundaries.none());
    reports("n2", "evacuate");
    runner.tick();
    assertEquals(1, sim.jobs().size(), "the evacuation began");
    String before = Files.readString(dir.resolve("state.json"));
    DaemonView lastGood = runner.view();
    store.refuse = true;
    for (int i = 0; i < 5; i++) {
      clock.advance(Duration.ofSeconds(2));
      assertThrows(StateUnwritableException.class, runner::tick);
    }
    assertEquals(1, sim.jobs().size(), "nothing submitted while the state is refused");
    assertEquals(5, store.refused, "every tick writes again");
    assertEquals(before, Files.readString(dir.resolve("state.json")), "the file is untouched");
    assertEquals(lastGood, runner.view(), "reads serve the last good view");
    store.refuse = false;
    tickUntilTheIncidentEnds(runner);
    assertNoJobTwice();
  }

  @Test
  void aRefusedWriteOfTheIdsOfSubmittedJobsNeitherLosesThemNorSubmitsThemAgain() throws Exception {
    RoundRunner runner =
        runner(
            point -> {
              if (point.equals(Boundaries.AFTER_SUBMIT)) {
                store.refuse = true;
              }
            });
    reports("n2", "evacuate");
    assertThrows(StateUnwritableException.class, runner::tick);
    assertEquals(1, sim.jobs().size(), "the job was submitted; its id could not be stored");
    assertTrue(stored().intents().get(0).jobId().isEmpty());
    store.refuse = false;
    clock.advance(Duration.ofMillis(100));
    runner.tick();
    assertEquals(List.of(sim.jobs().get(0).id()), stored().jobs(), "its id is stored now");
    assertEquals(1, sim.jobs().size(), "and it was not submitted again");
  }

  @Test
  void aTickThatChangesNothingAfterARefusedWriteWritesAgainSoThatTheDiskIsSeenBack()
      throws Exception {
    RoundRunner runner = runner(Boundaries.none());
    runner.tick();
    long serial = stored().serial();
    store.refuse = true;
    Commands commands = new CommandGateway(runner, Runnable::run, Duration.ofSeconds(5));
    assertThrows(
        StateUnwritableException.class,
        () -> commands.apply(new org.maintd.round.Command.Pause(true, "alice")));
    assertThrows(StateUnwritableException.class, runner::tick);
    assertEquals(2, store.refused, "the idle tick tried the disk again");
    store.refuse = false;
    runner.tick();
    assertEquals(serial + 1, stored().serial(), "and wrote once it took it");
    assertTrue(!stored().paused(), "the refused command was not applied");
  }

  @Test
  void theRunnerPartSkipsATickWhoseStateIsRefusedButFailsOnABug() throws Exception {
    RoundRunnerTest.FlakyBackend flaky = new RoundRunnerTest.FlakyBackend(sim);
    RoundRunner runner = runner(flaky, Boundaries.none());
    reports("n2", "evacuate");
    store.refuse = true;
    RunnerPart part = new RunnerPart(runner, Duration.ofHours(1), clock);
    part.start();
    try {
      assertEquals(PartState.RUNNING, part.state(), "a first tick whose state is refused");
      assertTrue(part.lastError().contains("No space left on device"), part.lastError());
      assertEquals(0, sim.jobs().size());
      store.refuse = false;
      runner.tick();
      flaky.beforeStatus =
          () -> {
            throw new IllegalStateException("a bug in a step");
          };
      part.commandThread().execute(runner::tick);
      org.awaitility.Awaitility.await().until(() -> part.state() == PartState.FAILED);
      assertTrue(part.lastError().endsWith("a bug in a step"), part.lastError());
    } finally {
      part.close();
    }
  }

  @Test
  void aDiskThatIdleTicksFindRefusingIsWrittenToOnceItTakesWritesSoThatTheFaultEnds()
      throws Exception {
    RoundRunner runner = runner(Boundaries.none());
    runner.tick();
    long serial = stored().serial();
    store.refuse = true;
    assertThrows(StateUnwritableException.class, runner::tick);
    assertEquals(1, store.checked, "an idle tick checks the disk");
    assertEquals(0, store.refused, "and writes nothing");
    store.refuse = false;
    runner.tick();
    assertEquals(serial + 1, stored().serial(), "the next tick writes, unchanged, to see it back");
    runner.tick();
    assertEquals(serial + 1, stored().serial(), "and then idle ticks write nothing again");
  }

  private void tickUntilTheIncidentEnds(RoundRunner runner) throws Exception {
    for (int i = 0; i < 100 && !ended(); i++) {
      store.refuse = false;
      clock.advance(Duration.ofSeconds(2));
      runner.tick();
    }
    assertEquals(
        IncidentStatus.COMPLETED,
        stored().incidents().get(0).status(),
        "the evacuation ended: " + stored().incidents());
  }

  private boolean ended() throws Exception {
    return !stored().incidents().isEmpty() && !stored().incidents().get(0).status().isActive();
  }

  private void assertNoJobTwice() {
    List<String> keys = sim.jobs().stream().map(SimJob::spec).map(s -> s.key()).toList();
    assertEquals(keys.stream().distinct().toList(), keys, "no job submitted twice");
  }

  private RoundRunner runner(Boundaries boundaries) {
    return bench.runner(sim, store, boundaries);
  }

  private RoundRunner runner(ClusterBackend backend, Boundaries boundaries) {
    return bench.runner(backend, store, boundaries);
  }

  private void reports(String node, String status) {
    bench.reports(node, status);
  }

  private MaintdState stored() throws Exception {
    return bench.stored();
  }
}
