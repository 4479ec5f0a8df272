package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.round.StepDriver.fault;
import static org.maintd.round.StepDriver.submits;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.DiskTemplate;
import org.maintd.incident.HistoryEntry;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.job.JobStatus;
import org.maintd.safety.StormGuard;
import org.maintd.testing.ClusterBuilder;

/**
 * The round's close: whose a finished job was, what a failed job does to its incident, and which
 * jobs belong to incidents that have ended.
 */
class RoundCloseTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "harep:inst1:failover:a1b2,harep",
    "balance:inst1,balance",
    "campaign:7f3e:node3,campaign",
    "machine:node3,machine",
    "0e5a1c7d-5a1b-4c1e-9f1d-5b5b5b5b5b5b,incident",
    "harep:,incident"
  })
  void theOwnerOfAJobSaysWhatKindOfWorkItWas(String owner, String kind) {
    assertEquals(kind, RoundClose.ownerKind(owner));
  }

  /** No storm pause, whatever share of the four nodes reports a fault. */
  private static StepDriver withoutStorms() {
    return new StepDriver(Settings.defaults().withStorm(new StormGuard(100)));
  }

  @Test
  void anIncidentWhoseTwoJobsOfOneRoundFailIsFailedOnce() {
    StepDriver d = withoutStorms();
    d.cluster =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 8192, 100000, false)
            .node("n4", "g", 8192, 100000, false)
            .instance("i1", "n2", "n3", DiskTemplate.DRBD)
            .instance("i2", "n2", "n4", DiskTemplate.DRBD)
            .build();
    d.tick(Map.of("n2", fault("evacuate")));
    d.carryOut();
    StepDriver.applyJobs(d);
    d.tick(Map.of("n2", fault("evacuate")), d.jobsAll(JobStatus.SUCCESS));
    assertEquals(2, d.stored().intents().size(), "the second round moves both instances at once");
    d.carryOut();
    d.tick(Map.of("n2", fault("evacuate")));
    d.tick(Map.of("n2", fault("evacuate")), d.jobsAll(JobStatus.ERROR));
    Incident failed = d.incident();
    assertEquals(IncidentStatus.FAILED, failed.status());
    assertEquals(
        1,
        failed.history().stream().filter(h -> h.event().equals("failed")).count(),
        failed.history().toString());
  }

  @Test
  void aFailedJobOfACanceledIncidentIsWrittenInItsHistoryAndItStaysCanceled() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", fault("live-repair")));
    d.carryOut();
    d.tick(Map.of("n2", fault("live-repair")));
    d.command(new Command.Cancel(d.incident().uuid().toString(), "alice"));
    d.tick(Map.of("n2", fault("live-repair")), d.jobsAll(JobStatus.ERROR));
    Incident canceled = d.incident();
    assertEquals(IncidentStatus.CANCELED, canceled.status());
    List<HistoryEntry> failures =
        canceled.history().stream().filter(h -> h.event().equals("job-failed")).toList();
    assertEquals(1, failures.size(), canceled.history().toString());
    assertTrue(failures.get(0).reason().contains("it broke"), failures.get(0).reason());
  }

  @Test
  void anEndedIncidentStoredFirstDoesNotStopTheJobsOfANewOne() {
    StepDriver d = withoutStorms();
    d.tick(Map.of("n4", fault("live-repair")));
    String key = d.last.effects().get(0).key();
    d.command(new Command.Cancel(d.incident().uuid().toString(), "alice"));
    d.outcomes = List.of(new Outcome.NotFound(key));
    d.tick(Map.of("n4", fault("live-repair")));
    assertEquals(List.of(), d.stored().intents(), "the canceled one's job was never submitted");
    assertEquals(IncidentStatus.CANCELED, d.incident().status(), "it stays while reported");

    StepResult r = d.tick(Map.of("n4", fault("live-repair"), "n2", fault("evacuate")));
    Incident fresh = d.stored().incidents().get(1);
    assertEquals("n2", fresh.node());
    assertEquals(1, submits(r).size(), r.effects().toString());
    assertEquals(fresh.uuid().toString(), submits(r).get(0).owner());
    assertTrue(
        r.effects().stream().noneMatch(e -> e instanceof Effect.LookUp), r.effects().toString());
  }

  @Test
  void eachEndedIncidentsUnsubmittedJobIsLookedUpOnItsOwn() {
    StepDriver d = withoutStorms();
    StepResult first = d.tick(Map.of("n2", fault("evacuate"), "n4", fault("live-repair")));
    assertEquals(2, submits(first).size());
    d.outcomes =
        first.effects().stream()
            .map(e -> (Outcome) new Outcome.Failed(e.key(), "connection refused"))
            .toList();
    for (Incident i : d.stored().incidents()) {
      d.command(new Command.Cancel(i.uuid().toString(), "alice"));
    }
    List<Effect> lookUps =
        d.last.effects().stream().filter(e -> e instanceof Effect.LookUp).toList();
    assertEquals(
        d.stored().intents().stream().map(i -> (Effect) new Effect.LookUp(i.job())).toList(),
        lookUps);
    assertEquals(2, lookUps.size());
  }
}
