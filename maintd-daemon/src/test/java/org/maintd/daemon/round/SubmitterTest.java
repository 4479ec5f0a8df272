package org.maintd.daemon.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.backend.sim.SimBackend;
import org.maintd.daemon.backend.sim.SimSettings;
import org.maintd.daemon.repair.RepairJobs;
import org.maintd.daemon.store.FileStateStore;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.htools.HtoolsReader;
import org.maintd.incident.Incident;
import org.maintd.incident.Lifecycle;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;

/**
 * A backend that fails during submission: after creating the job (the answer is lost), or
 * before (refused). Either way nothing is lost and nothing is submitted twice.
 */
class SubmitterTest {
  @TempDir
  Path dir;

  private SimBackend sim;
  private FlakyBackend flaky;
  private FileStateStore store;
  private StateHolder holder;
  private Submitter submitter;
  private Incident incident;

  /** The edge a real peer cannot be made to fail on demand: a backend that loses answers. */
  static final class FlakyBackend implements ClusterBackend {
    final ClusterBackend real;
    int loseAnswers;
    int refuse;

    FlakyBackend(ClusterBackend real) {
      this.real = real;
    }

    @Override
    public Cluster snapshot() {
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
    public List<org.maintd.spi.JobTrace> jobTraces() {
      return real.jobTraces();
    }

    @Override
    public void addTags(org.maintd.cluster.TaggedObject object, List<String> tags) {
      real.addTags(object, tags);
    }

    @Override
    public void removeTags(org.maintd.cluster.TaggedObject object, List<String> tags) {
      real.removeTags(object, tags);
    }

    @Override
    public String master() {
      return real.master();
    }
  }

  @BeforeEach
  void setUp() {
    Cluster c = new HtoolsReader().read(TestCluster.CLUSTER, "t");
    sim = new SimBackend(dir.resolve("sim.json"), c, new SimSettings(dir, dir, Duration.ofSeconds(1), Duration.ZERO), Clock.systemUTC());
    flaky = new FlakyBackend(sim);
    store = new FileStateStore(dir.resolve("state.json"));
    holder = new StateHolder(store, Clock.systemUTC());
    incident = Incident.noted(UUID.randomUUID(), "n2", new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate")), Instant.now());
    holder.update(s -> s.withIncidents(List.of(incident)));
    JobRouter router = new JobRouter(flaky, new RepairJobs(null, Executors.newSingleThreadExecutor()));
    submitter = new Submitter(router, new Lifecycle(UUID::randomUUID), holder);
  }

  @AfterEach
  void tearDown() {
    store.close();
  }

  private JobSpec drain() {
    String key = incident.uuid() + "-r1-1";
    return new JobSpec(key, incident.uuid().toString(), List.of(Operation.SetNodeFlags.drain("n2")), ReasonTrail.of("drain n2", key, 1));
  }

  @Test
  void aLostAnswerIsResolvedByTheReasonTrailNotBySubmittingAgain() {
    flaky.loseAnswers = 1;
    submitter.submit(List.of(drain()), Instant.now());
    assertEquals(1, sim.jobs().size());
    assertEquals(List.of("1"), holder.get().jobs());
    assertEquals(List.of("1"), holder.get().incidents().get(0).jobs());
  }

  @Test
  void aRefusedSubmissionStaysAnIntentAndIsSubmittedOnceLater() {
    flaky.refuse = 3;
    submitter.submit(List.of(drain()), Instant.now());
    assertEquals(0, sim.jobs().size());
    assertTrue(holder.get().intents().get(0).jobId().isEmpty(), "the intent is kept without an id");
    assertTrue(holder.get().incidents().get(0).jobs().isEmpty());
    submitter.resolve(Instant.now());
    submitter.resolve(Instant.now());
    assertEquals(1, sim.jobs().size());
    assertEquals(List.of("1"), holder.get().incidents().get(0).jobs());
  }
}
