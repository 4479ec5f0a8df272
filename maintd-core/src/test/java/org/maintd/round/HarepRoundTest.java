package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.TaggedObject;
import org.maintd.harep.HarepOwner;
import org.maintd.incident.Observation;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;
import org.maintd.testing.ClusterBuilder;

/**
 * harep's tags kept in step with the repair jobs by the round, as harep writes them: a pending tag
 * with the job ids once the repair is submitted (replacing the instance's last result), a result
 * tag once every job has ended, success or failure with why.
 */
class HarepRoundTest {
  private static final Instant T0 = Instant.parse("2027-01-15T08:00:00Z");
  private static final String P = "ganeti:watcher:autorepair:";

  private final AtomicLong uuids = new AtomicLong();
  private final RoundStep step =
      new RoundStep(
          new Settings(
              SafetyCaps.defaults(), new StormGuard(30), true, Double.NaN, java.time.Duration.ZERO),
          () -> new UUID(0, uuids.incrementAndGet()));
  private RoundState state = RoundState.of(MaintdState.initial(T0));
  private Cluster cluster;
  private Instant now = T0;
  private List<Outcome> outcomes = List.of();
  private StepResult last;
  private long nextJob = 41;

  /** n3, the secondary of i1 (drbd on n2), is offline; repairs are allowed cluster-wide. */
  private static Cluster broken(String... i1Tags) {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 8192, 100000, false)
            .node("n4", "g", 8192, 100000, false)
            .instance("i1", "n2", "n3", DiskTemplate.DRBD)
            .build()
            .withNode("n3", n -> n.withFlags(n.flags().withOffline(true)));
    c = c.withTagsOf(TaggedObject.cluster(), t -> List.of(P + "fix-storage"));
    return c.withTagsOf(TaggedObject.instance("i1"), t -> List.of(i1Tags));
  }

  private StepResult tick(Map<String, JobState> jobs) {
    Map<String, CollectorReading> readings = new HashMap<>();
    for (String n : List.of("n1", "n2", "n4")) {
      readings.put(n, new CollectorReading(n, new Observation.Clear(), "ok", "", now, "b"));
    }
    last = step.step(state, Inputs.tick(cluster, readings, jobs, outcomes, List.of()), now);
    state = last.state();
    outcomes = List.of();
    now = now.plusSeconds(30);
    return last;
  }

  /** Every submission gets the next numeric job id; every tag change is made to the cluster. */
  private void carryOut() {
    List<Outcome> out = new ArrayList<>();
    for (Effect e : last.effects()) {
      if (e instanceof Effect.Submit s) {
        out.add(new Outcome.Submitted(s.key(), Long.toString(nextJob++)));
      } else if (e instanceof Effect.Tag tag) {
        cluster = cluster.withTagsChanged(tag.object(), tag.add(), tag.remove());
        out.add(new Outcome.Tagged(e.key()));
      } else {
        out.add(new Outcome.NotFound(e.key()));
      }
    }
    outcomes = out;
  }

  private List<String> i1Tags() {
    return cluster.instance("i1").orElseThrow().tags().stream()
        .filter(t -> t.startsWith(P))
        .toList();
  }

  private Intent repairIntent() {
    return state.stored().intents().stream()
        .filter(i -> HarepOwner.parse(i.job().owner()).isPresent())
        .findFirst()
        .orElseThrow(() -> new AssertionError("no harep repair planned: " + state.stored()));
  }

  @Test
  void theJobsNamedByHarepsPendingTagsAreWatchedWithoutASpecification() {
    Cluster c = broken(P + "pending:failover:a1b2:1700000000:12+13");
    Map<String, ?> watched = Watch.jobs(MaintdState.initial(Instant.EPOCH), c, List.of());
    assertEquals(List.of("12", "13"), List.copyOf(watched.keySet()));
    assertTrue(watched.values().stream().allMatch(v -> v == null), watched.toString());
    assertEquals(
        Map.of(),
        Watch.jobs(MaintdState.initial(Instant.EPOCH), broken(P + "pending:bogus"), List.of()),
        "a malformed tag names no job");
  }

  @Test
  void aRepairGetsAPendingTagWithItsJobThenASuccessTagOnceItsJobSucceeded() {
    cluster = broken(P + "result:fix-storage:old:1700000000:success:7");
    tick(Map.of());
    carryOut();
    tick(Map.of());
    Intent repair = repairIntent();
    assertEquals("41", repair.jobId());
    carryOut();
    String id = HarepOwner.parse(repair.job().owner()).orElseThrow().repairId();
    assertEquals(
        List.of(
            P + "pending:fix-storage:" + id + ":" + T0.plusSeconds(30).getEpochSecond() + ":41"),
        i1Tags(),
        "the pending tag replaces the last result");

    tick(Map.of("41", new JobState("41", JobStatus.RUNNING, "")));
    carryOut();
    assertEquals(1, i1Tags().size(), "still pending while its job runs: " + i1Tags());
    tick(Map.of("41", new JobState("41", JobStatus.SUCCESS, "")));
    carryOut();
    List<String> ended = i1Tags();
    assertEquals(1, ended.size(), ended.toString());
    assertTrue(
        ended.get(0).startsWith(P + "result:fix-storage:" + id + ":")
            && ended.get(0).endsWith(":success:41"),
        ended.toString());
    assertTrue(
        last.log().stream().anyMatch(l -> l.text().contains("repair jobs succeeded")),
        last.log().toString());
  }

  @Test
  void aRepairWhoseJobFailedEndsWithAFailureTagThatSaysWhy() {
    cluster = broken();
    tick(Map.of());
    carryOut();
    tick(Map.of());
    carryOut();
    tick(Map.of("41", new JobState("41", JobStatus.ERROR, "replace-disks broke")));
    carryOut();
    List<String> ended = i1Tags();
    assertEquals(1, ended.size(), ended.toString());
    assertTrue(ended.get(0).endsWith(":failure:41"), ended.toString());
    assertTrue(
        last.log().stream()
            .anyMatch(l -> l.text().contains("repair failed: job 41 error replace-disks broke")),
        last.log().toString());
  }

  @Test
  void aPendingTagThatDidNotLandIsWrittenAgain() {
    cluster = broken();
    tick(Map.of());
    carryOut();
    tick(Map.of());
    Effect.Tag first =
        (Effect.Tag)
            last.effects().stream()
                .filter(e -> e.key().startsWith("harep-pending:i1:"))
                .findFirst()
                .orElseThrow(() -> new AssertionError(last.effects().toString()));
    assertEquals(List.of(), first.remove(), "no last result to replace");
    outcomes = List.of(new Outcome.Failed(first.key(), "RAPI down"));
    tick(Map.of("41", new JobState("41", JobStatus.RUNNING, "")));
    assertTrue(
        last.effects().stream().anyMatch(e -> e.key().equals(first.key())),
        "asked again: " + last.effects());
  }
}
