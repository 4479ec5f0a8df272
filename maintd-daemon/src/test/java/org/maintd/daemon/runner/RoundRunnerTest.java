package org.maintd.daemon.runner;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.TaggedObject;
import org.maintd.daemon.backend.sim.SimBackend;
import org.maintd.daemon.store.FileStateStore;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.round.Command;
import org.maintd.round.Refusal;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.JobTrace;
import org.maintd.spi.MaintdState;

/**
 * The runner against the simulated cluster, the file store on a temp dir and a backend that fails
 * on demand: a lost answer or a refused submission loses nothing and submits nothing twice, an idle
 * tick writes nothing, a crash between storing intents and submitting them is resumed from the
 * file, and commands are answered after the step that applied them.
 */
class RoundRunnerTest {
  @TempDir Path dir;

  private RunnerBench bench;
  private FakeClock clock;
  private SimBackend sim;
  private FlakyBackend flaky;
  private FileStateStore store;

  /**
   * The edge a real peer cannot be made to fail on demand: a backend that loses answers or refuses.
   */
  static final class FlakyBackend implements ClusterBackend {
    final ClusterBackend real;
    int loseAnswers;
    int refuse;
    boolean unreachable;
    Runnable beforeStatus = () -> {};

    FlakyBackend(ClusterBackend real) {
      this.real = real;
    }

    @Override
    public Cluster snapshot() {
      if (unreachable) {
        throw new BackendException("no connection");
      }
      return real.snapshot();
    }

    @Override
    public String submit(JobSpec job) {
      if (refuse > 0) {
        refuse--;
        throw new BackendException("connection refused");
      }
      String id = real.submit(job);
      if (loseAnswers > 0) {
        loseAnswers--;
        throw new BackendException("timed out waiting for the answer");
      }
      return id;
    }

    @Override
    public JobState job(String id) {
      beforeStatus.run();
      return real.job(id);
    }

    @Override
    public List<String> findJobs(String text) {
      if (refuse > 0) {
        refuse--;
        throw new BackendException("connection refused");
      }
      return real.findJobs(text);
    }

    @Override
    public List<JobTrace> jobTraces() {
      return real.jobTraces();
    }

    @Override
    public void addTags(TaggedObject object, List<String> tags) {
      real.addTags(object, tags);
    }

    @Override
    public void removeTags(TaggedObject object, List<String> tags) {
      real.removeTags(object, tags);
    }

    @Override
    public String master() {
      return real.master();
    }
  }

  /** Crashes the runner at one boundary, once. */
  static final class CrashAt implements Boundaries {
    final String point;
    boolean crashed;

    CrashAt(String point) {
      this.point = point;
    }

    @Override
    public void reached(String name) {
      if (name.equals(point) && !crashed) {
        crashed = true;
        throw new IllegalStateException("crashed at " + name);
      }
    }
  }

  @BeforeEach
  void setUp() {
    bench = new RunnerBench(dir);
    clock = bench.clock;
    sim = bench.sim;
    flaky = new FlakyBackend(sim);
    store = new FileStateStore(dir.resolve("state.json"));
  }

  @AfterEach
  void tearDown() {
    store.close();
  }

  private RoundRunner runner(Boundaries boundaries) {
    return bench.runner(flaky, store, boundaries);
  }

  private RoundRunner runner(Boundaries boundaries, RunnerListener listener) {
    return bench.runner(flaky, store, boundaries, listener);
  }

  private void reports(String node, String status) {
    bench.reports(node, status);
  }

  private MaintdState stored() throws Exception {
    return bench.stored();
  }

  @Test
  void aLostAnswerIsResolvedByTheReasonTrailNotBySubmittingAgain() throws Exception {
    RoundRunner runner = runner(Boundaries.none());
    reports("n2", "evacuate");
    flaky.loseAnswers = 1;
    runner.tick();
    assertEquals(1, sim.jobs().size());
    assertEquals(List.of("1"), stored().jobs());
    assertEquals(List.of("1"), stored().incidents().get(0).jobs());
    assertEquals(stored(), runner.view().state(), "the view is what was stored");
  }

  @Test
  void aStepOfTheWallClockSeenBetweenTwoTicksMovesTheStoredWaitsWithItOnce() throws Exception {
    List<Duration> seen = new java.util.ArrayList<>();
    bench.clockSteps = () -> seen.isEmpty() ? Duration.ZERO : seen.remove(0);
    runner(Boundaries.none()).tick();
    java.time.Instant since = stored().collectors().get("n1").since();
    seen.add(Duration.ofMinutes(5));
    RoundRunner next = runner(Boundaries.none());
    next.tick();
    assertEquals(
        since, stored().collectors().get("n1").since(), "a step seen before it led moves nothing");
    clock.step(Duration.ofHours(1));
    seen.add(Duration.ofHours(1));
    next.tick();
    assertEquals(since.plus(Duration.ofHours(1)), stored().collectors().get("n1").since());
    next.tick();
    assertEquals(since.plus(Duration.ofHours(1)), stored().collectors().get("n1").since());
  }

  @Test
  void aRefusedSubmissionStaysAnIntentAndIsSubmittedOnceLater() throws Exception {
    RoundRunner runner = runner(Boundaries.none());
    reports("n2", "evacuate");
    flaky.refuse = 4;
    runner.tick();
    assertEquals(0, sim.jobs().size());
    assertTrue(stored().intents().get(0).jobId().isEmpty(), "the intent is kept without an id");
    assertTrue(stored().incidents().get(0).jobs().isEmpty());
    runner.tick();
    runner.tick();
    assertEquals(1, sim.jobs().size());
    assertEquals(List.of("1"), stored().incidents().get(0).jobs());
  }

  @Test
  void aJobThatEndsWhileATickReadsTheClusterIsSeenAsRunningNotAsEndedWithAnOldSnapshot()
      throws Exception {
    RoundRunner runner = runner(Boundaries.none());
    reports("n2", "evacuate");
    runner.tick();
    assertEquals("drain", sim.jobs().get(0).spec().operations().get(0).kind());
    flaky.beforeStatus =
        () -> clock.advance(Duration.ofSeconds(2)); // the drain ends as its status is read
    runner.tick();
    flaky.beforeStatus = () -> {};
    runner.tick();
    List<String> kinds = sim.jobs().stream().map(j -> j.spec().operations().get(0).kind()).toList();
    assertEquals(
        1, kinds.stream().filter(k -> k.equals("drain")).count(), "n2 is drained once: " + kinds);
    assertTrue(kinds.size() > 1, "the evacuation went on from the drained node: " + kinds);
  }

  @Test
  void theCollectorsArePolledWhileTheBackendFailsSoThatTheirFaultsStillShow() throws Exception {
    List<Integer> polled = new java.util.ArrayList<>();
    RoundRunner runner =
        runner(
            new CrashPoint(),
            new RunnerListener() {
              @Override
              public void polled(Duration took, Map<String, CollectorReading> readings) {
                polled.add(readings.size());
              }
            });
    runner.tick();
    flaky.unreachable = true;
    assertThrows(BackendException.class, runner::tick);
    assertEquals(2, polled.size(), "polled at both ticks");
    assertEquals(polled.get(0), polled.get(1), "the last snapshot's nodes");
  }

  @Test
  void idleTicksWriteNothing() throws Exception {
    RoundRunner runner = runner(Boundaries.none());
    runner.tick();
    long first = stored().serial();
    assertTrue(
        stored().collectors().keySet().containsAll(List.of("n1", "n2")),
        "the first poll stores each collector's health, for standbys to show");
    for (int i = 0; i < 3; i++) {
      clock.advance(Duration.ofSeconds(30));
      runner.tick();
    }
    assertEquals(first, stored().serial(), "polls that say the same write nothing");
    new CommandGateway(runner, Runnable::run, Duration.ofSeconds(5))
        .apply(new Command.Pause(true, "alice"));
    long serial = stored().serial();
    for (int i = 0; i < 3; i++) {
      runner.tick();
      clock.advance(Duration.ofSeconds(30));
    }
    assertEquals(serial, stored().serial());
  }

  @Test
  void aCrashBetweenStoringIntentsAndSubmittingThemIsResumedFromTheFileWithoutSubmittingTwice()
      throws Exception {
    reports("n2", "evacuate");
    RoundRunner first = runner(new CrashAt(Boundaries.AFTER_SUBMIT));
    assertThrows(IllegalStateException.class, first::tick);
    assertEquals(1, sim.jobs().size(), "submitted before the crash");
    assertTrue(stored().intents().get(0).jobId().isEmpty(), "its id was not stored");
    store.close();
    store = new FileStateStore(dir.resolve("state.json"));
    RoundRunner second = runner(Boundaries.none());
    second.tick();
    assertEquals(1, sim.jobs().size(), "found by its key, not submitted again");
    assertEquals(List.of("1"), stored().jobs());
  }

  @Test
  void commandsAreAnsweredAfterTheStepThatAppliedThem() throws Exception {
    RoundRunner runner = runner(Boundaries.none());
    reports("n2", "evacuate");
    runner.tick();
    Commands commands = new CommandGateway(runner, Runnable::run, Duration.ofSeconds(5));
    String uuid = stored().incidents().get(0).uuid().toString();
    Incident canceled = (Incident) commands.apply(new Command.Cancel(uuid, "alice"));
    assertEquals(IncidentStatus.CANCELED, canceled.status());
    assertEquals(
        IncidentStatus.CANCELED,
        stored().incidents().get(0).status(),
        "stored before it is answered");
    CommandRefused refused =
        assertThrows(CommandRefused.class, () -> commands.apply(new Command.Cancel(uuid, "bob")));
    assertEquals(Refusal.CONFLICT, refused.reason());
  }

  @Test
  void aCommandTheRunnerNeverTakesIsWithdrawnAndNeverApplied() throws Exception {
    RoundRunner runner = runner(Boundaries.none());
    runner.tick();
    long serial = stored().serial();
    Commands commands = new CommandGateway(runner, task -> {}, Duration.ofMillis(50));
    assertThrows(Commands.Busy.class, () -> commands.apply(new Command.Pause(true, "alice")));
    runner.runCommands();
    assertFalse(runner.view().state().paused());
    assertFalse(stored().paused());
    assertEquals(serial, stored().serial(), "nothing was written for it");
  }
}
