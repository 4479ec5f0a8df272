package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
import org.maintd.job.Operation;
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
          Settings.defaults().withHarep(true), () -> new UUID(0, uuids.incrementAndGet()));
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

  /** What the repair's job did to the cluster, as the next snapshot shows it. */
  private void applied(Intent repair) {
    for (Operation op : repair.job().operations()) {
      if (op instanceof Operation.ReplaceSecondary r) {
        cluster =
            cluster.withInstance(
                r.instance(), inst -> inst.placedOn(inst.primary(), r.newSecondary()));
      } else {
        throw new AssertionError("the test applies no " + op);
      }
    }
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
    assertTrue(watched.values().stream().allMatch(Optional.empty()::equals), watched.toString());
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
    applied(repair);
    tick(Map.of("41", new JobState("41", JobStatus.SUCCESS, "")));
    carryOut();
    List<String> ended = i1Tags();
    assertEquals(1, ended.size(), ended.toString());
    assertTrue(
        ended.get(0).startsWith(P + "result:fix-storage:" + id + ":")
            && ended.get(0).endsWith(":success:41"),
        ended.toString());
    assertTrue(
        last.log().stream()
            .anyMatch(l -> l.text().contains("repair jobs succeeded and the instance is healthy")),
        last.log().toString());
  }

  @Test
  void aRepairCarriedOutByTwoOfTheClustersJobsListsEachOnceInItsPendingTag() {
    cluster = broken();
    tick(Map.of());
    List<Outcome> out = new ArrayList<>();
    for (Effect e : last.effects()) {
      out.add(
          e instanceof Effect.Submit s
              ? new Outcome.Submitted(s.key(), "41+42")
              : new Outcome.NotFound(e.key()));
    }
    outcomes = out;
    tick(Map.of());
    carryOut();
    String pending = i1Tags().get(0);
    assertTrue(
        pending.startsWith(P + "pending:fix-storage:") && pending.endsWith(":41+42"), pending);
    JobState running = new JobState("41+42", JobStatus.RUNNING, "");
    for (int i = 0; i < 3; i++) {
      tick(
          Map.of(
              "41+42",
              running,
              "41",
              new JobState("41", JobStatus.SUCCESS, ""),
              "42",
              new JobState("42", JobStatus.RUNNING, "")));
      carryOut();
      assertEquals(List.of(pending), i1Tags(), "the pending tag stays as it is while 42 runs");
    }
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

  /** i1 broken as in {@link #broken}, but with no auto-repair policy anywhere. */
  private static Cluster brokenWithoutPolicy(String... i1Tags) {
    return broken(i1Tags).withTagsOf(TaggedObject.cluster(), t -> List.of());
  }

  private static final String ONE_OFF = P + "pending:fix-storage:manual1:1800000000:";

  @Test
  void anExternalPendingTagOnABrokenInstanceWithNoPolicyRunsItsRepairOnceAndRecordsItsJob() {
    cluster = brokenWithoutPolicy(ONE_OFF);
    tick(Map.of());
    Intent repair = repairIntent();
    assertEquals(
        "harep:i1:fix-storage:manual1", repair.job().owner(), "the repair keeps the tag's id");
    carryOut();
    tick(Map.of());
    carryOut();
    assertEquals(
        List.of(P + "pending:fix-storage:manual1:1800000000:41"),
        i1Tags(),
        "the job is recorded in the same pending tag, its time unchanged");
    applied(repair);
    tick(Map.of("41", new JobState("41", JobStatus.SUCCESS, "")));
    carryOut();
    assertEquals(1, i1Tags().size(), i1Tags().toString());
    assertTrue(
        i1Tags().get(0).startsWith(P + "result:fix-storage:manual1:")
            && i1Tags().get(0).endsWith(":success:41"),
        i1Tags().toString());
    tick(Map.of());
    assertEquals(
        List.of(),
        last.effects().stream().filter(e -> e instanceof Effect.Submit).toList(),
        "once: with no policy, nothing more is done");
  }

  @Test
  void anExternalPendingTagOnAHealthyInstanceIsClosedAsSuccessWithNoJob() {
    cluster =
        brokenWithoutPolicy(ONE_OFF).withNode("n3", n -> n.withFlags(n.flags().withOffline(false)));
    tick(Map.of());
    carryOut();
    assertEquals(1, i1Tags().size(), i1Tags().toString());
    assertTrue(
        i1Tags().get(0).startsWith(P + "result:fix-storage:manual1:")
            && i1Tags().get(0).endsWith(":success:"),
        i1Tags().toString());
    assertTrue(state.stored().intents().isEmpty(), "no job: " + state.stored().intents());
  }

  @Test
  void anExternalPendingTagTooWeakForTheRepairNeededEndsWithEnoperm() {
    // i1's primary is offline: it needs a failover, more than the fix-storage the tag allows
    cluster =
        brokenWithoutPolicy(ONE_OFF)
            .withNode("n3", n -> n.withFlags(n.flags().withOffline(false)))
            .withNode("n2", n -> n.withFlags(n.flags().withOffline(true)));
    tick(Map.of());
    carryOut();
    assertEquals(1, i1Tags().size(), i1Tags().toString());
    assertTrue(
        i1Tags().get(0).startsWith(P + "result:fix-storage:manual1:")
            && i1Tags().get(0).endsWith(":enoperm:"),
        i1Tags().toString());
    assertTrue(state.stored().intents().isEmpty(), state.stored().intents().toString());
  }

  @Test
  void severalPendingTagsAreTakenOldestFirst() {
    String newer = P + "pending:fix-storage:manual9:1800000500:";
    cluster = brokenWithoutPolicy(newer, ONE_OFF);
    tick(Map.of());
    Intent repair = repairIntent();
    assertEquals("harep:i1:fix-storage:manual1", repair.job().owner(), "the oldest first");
    carryOut();
    tick(Map.of());
    carryOut();
    applied(repair);
    tick(Map.of("41", new JobState("41", JobStatus.SUCCESS, "")));
    carryOut();
    tick(Map.of());
    carryOut();
    List<String> tags = i1Tags();
    assertEquals(2, tags.size(), tags.toString());
    assertTrue(
        tags.stream()
            .anyMatch(
                t -> t.startsWith(P + "result:fix-storage:manual1:") && t.endsWith(":success:41")),
        tags.toString());
    assertTrue(
        tags.stream()
            .anyMatch(
                t -> t.startsWith(P + "result:fix-storage:manual9:") && t.endsWith(":success:")),
        "the newer one finds the instance healthy and closes with no job: " + tags);
  }

  @Test
  void aRepairWhoseJobSucceededButLeftTheInstanceBrokenTakesItsNextStep() {
    cluster = brokenWithoutPolicy(ONE_OFF);
    tick(Map.of());
    carryOut();
    tick(Map.of());
    carryOut();
    // job 41 succeeded, but the snapshot still shows n3 as i1's secondary: not healthy yet
    tick(Map.of("41", new JobState("41", JobStatus.SUCCESS, "")));
    assertTrue(
        i1Tags().stream().noneMatch(t -> t.contains(":result:")),
        "no success while the instance is broken: " + i1Tags());
    Intent next = repairIntent();
    assertEquals("harep:i1:fix-storage:manual1", next.job().owner());
    carryOut();
    tick(Map.of("41", new JobState("41", JobStatus.SUCCESS, "")));
    carryOut();
    assertEquals(
        List.of(P + "pending:fix-storage:manual1:1800000000:41+42"),
        i1Tags(),
        "the next job joins the same pending tag");
  }

  @Test
  void aRepairDecidedWhileItWaitsForRoomIsRecordedByAPendingTagAtOnce() {
    cluster =
        broken()
            .withNode("n1", n -> n.withResources(n.resources().withFree(0, 0)))
            .withNode("n4", n -> n.withResources(n.resources().withFree(0, 0)));
    tick(Map.of());
    assertTrue(
        state.stored().intents().stream()
            .noneMatch(i -> HarepOwner.parse(i.job().owner()).isPresent()),
        "no room: no job");
    carryOut();
    assertEquals(1, i1Tags().size(), i1Tags().toString());
    assertTrue(
        i1Tags().get(0).startsWith(P + "pending:fix-storage:") && i1Tags().get(0).endsWith(":"),
        "a pending tag with no job yet: " + i1Tags());
    cluster = cluster.withNode("n4", n -> n.withResources(n.resources().withFree(8192, 100000)));
    tick(Map.of());
    String id = i1Tags().get(0).split(":")[5];
    assertEquals("harep:i1:fix-storage:" + id, repairIntent().job().owner(), "the same repair");
  }
}
