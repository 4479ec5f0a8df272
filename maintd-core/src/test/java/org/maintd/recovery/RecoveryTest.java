package org.maintd.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.maintd.cluster.Cluster;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.incident.Observation;
import org.maintd.job.JobStatus;
import org.maintd.machine.Machine;
import org.maintd.spi.JobTrace;
import org.maintd.spi.MaintdState;
import org.maintd.testing.ClusterBuilder;

/** What a lost state is rebuilt into, trace by trace. */
class RecoveryTest {
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);
  private static final UUID EVAC = UUID.fromString("11111111-1111-1111-1111-111111111111");
  private static final UUID FIX = UUID.fromString("22222222-2222-2222-2222-222222222222");
  private static final UUID BROKEN = UUID.fromString("33333333-3333-3333-3333-333333333333");
  private static final UUID MOVING = UUID.fromString("44444444-4444-4444-4444-444444444444");
  private static final Cluster CLUSTER =
      new ClusterBuilder()
          .node("n1", "g", 8192, 100000, true)
          .node("n2", "g", 8192, 100000, false)
          .node("n3", "g", 8192, 100000, false)
          .node("n4", "g", 8192, 100000, false)
          .node("n5", "g", 8192, 100000, false)
          .build()
          .withNode(
              "n2",
              n ->
                  n.withFlags(n.flags().withDrained(true).withOffline(true))
                      .withTag("maintd:repairready:" + EVAC))
          .withNode("n3", n -> n.withTag("maintd:repairfailed:" + BROKEN))
          .withNode("n5", n -> n.withFlags(n.flags().withDrained(true)));

  private static Observation fault(Map<String, Object> object) {
    return new Observation.Fault(new DiagnoseParser().parseCommandOutput(object));
  }

  private static JobTrace job(String id, String owner, String what, int round, JobStatus status) {
    return new JobTrace(
        id, "incident " + owner + " " + what + " [" + owner + "-r" + round + "-1]", status);
  }

  private static MaintdState rebuilt(Traces traces, Map<String, Observation> reports) {
    return new Recovery().rebuild(CLUSTER, traces, reports, NOW).state();
  }

  private static Incident incident(MaintdState s, UUID uuid) {
    return s.incidents().stream()
        .filter(i -> i.uuid().equals(uuid))
        .findFirst()
        .orElseThrow(() -> new AssertionError(s.incidents()));
  }

  private static final Map<String, Object> N2_REPORT =
      Map.of("status", "evacuate", "details", Map.of("disk", "sdb"));
  private static final Map<String, Object> FIX_OBJECT =
      Map.of("status", "live-repair", "command", "demo-fix");

  private static Traces traces() {
    return new Traces(
        Map.of(
            "n2",
            List.of("maintd:repairready:" + EVAC),
            "n3",
            List.of("maintd:repairfailed:" + BROKEN)),
        List.of(
            job("7", EVAC.toString(), "(evacuate n2): drain n2", 3, JobStatus.SUCCESS),
            job("8", EVAC.toString(), "(evacuate n2): set n2 offline", 5, JobStatus.SUCCESS),
            job("9", MOVING.toString(), "(evacuate n5): drain n5", 6, JobStatus.SUCCESS),
            new JobTrace(
                "10",
                "campaign c1 (migrate-reboot, group 1 of 1): drain n4 for its reboot [campaign:c1-r4-1]",
                JobStatus.SUCCESS),
            new JobTrace(
                "11", "reboot request q1 of n1: poweroff [reboot:q1-r5-1]", JobStatus.SUCCESS)),
        List.of(
            new RepairRecord("n4", FIX.toString(), "demo-fix", FIX_OBJECT, Optional.of(true)),
            new RepairRecord(
                "n3",
                BROKEN.toString(),
                "demo-fail",
                Map.of("status", "live-repair", "command", "demo-fail"),
                Optional.of(false))));
  }

  @Test
  void finishedIncidentsComeBackFromTheirTagsUnderTheirUuidsWithTheObjectTheNodeReports() {
    MaintdState s = rebuilt(traces(), Map.of("n2", fault(N2_REPORT), "n4", fault(FIX_OBJECT)));
    Incident evac = incident(s, EVAC);
    assertEquals(IncidentStatus.COMPLETED, evac.status());
    assertEquals(
        N2_REPORT, evac.diagnosis().original(), "the node's next report is the same incident");
    assertTrue(evac.observed() && evac.tagged());
    assertEquals(List.of("7", "8"), evac.jobs());
    Incident broken = incident(s, BROKEN);
    assertEquals(IncidentStatus.FAILED, broken.status());
    assertEquals(
        "demo-fail",
        broken.diagnosis().command().orElseThrow(),
        "the collector's record gives the object");
    assertTrue(broken.tagged());
    assertEquals(List.of("n2"), s.evacuated());
  }

  @Test
  void aLiveRepairACollectorRanIsDoneAndOneWhoseJobsRunIsPending() {
    MaintdState s = rebuilt(traces(), Map.of("n4", fault(FIX_OBJECT)));
    Incident fix = incident(s, FIX);
    assertEquals(
        IncidentStatus.PENDING,
        fix.status(),
        "its next step sees the repair ran and completes it, untried again");
    assertEquals(FIX_OBJECT, fix.diagnosis().original());
    assertFalse(fix.jobs().isEmpty());
    Incident moving = incident(s, MOVING);
    assertEquals(IncidentStatus.PENDING, moving.status());
    assertEquals(
        Map.of("status", "evacuate"),
        moving.diagnosis().original(),
        "assumed: n5 reports nothing now");
    assertFalse(moving.observed());
  }

  @Test
  void aFailedJobFailsItsIncidentAndAnUnrecordedRepairIsNeverTakenForDone() {
    Traces t =
        new Traces(
            Map.of(),
            List.of(job("9", MOVING.toString(), "(evacuate n5): migrate i1", 2, JobStatus.ERROR)),
            List.of(
                new RepairRecord("n4", FIX.toString(), "demo-fix", FIX_OBJECT, Optional.empty())));
    MaintdState s = rebuilt(t, Map.of());
    assertEquals(IncidentStatus.FAILED, incident(s, MOVING).status());
    assertFalse(incident(s, MOVING).tagged(), "the daemon tags it");
    assertEquals(IncidentStatus.NOTED, incident(s, FIX).status());
    assertEquals(
        List.of(),
        incident(s, FIX).jobs(),
        "asked again, the collector answers that it ran, and never runs it twice");
  }

  @Test
  void theStateStartsPausedWithTheNodesTakenOutAndRoundsPastEveryKeyInTheQueue() {
    Recovery.Recovered r = new Recovery().rebuild(CLUSTER, traces(), Map.of(), NOW);
    assertTrue(r.state().paused());
    assertTrue(r.state().pauseReason().contains("maintctl resume"), r.state().pauseReason());
    assertEquals(7, r.state().round(), "past r6, the highest round of the keys");
    assertEquals(
        List.of(
            new Machine("n2", NOW, EVAC.toString(), "rebuilt after the state was lost"),
            new Machine("n5", NOW, MOVING.toString(), "rebuilt after the state was lost")),
        r.state().machines());
    assertTrue(
        r.notes().stream().anyMatch(n -> n.startsWith("campaign c1 ") && n.contains("not resumed")),
        r.notes().toString());
    assertTrue(
        r.notes().stream()
            .anyMatch(n -> n.startsWith("reboot request q1 ") && n.contains("keys are lost")),
        r.notes().toString());
    assertEquals(org.maintd.reboot.Reboots.empty(), r.state().reboots());
    assertEquals(4, r.state().incidents().size());
  }

  @Test
  void tracesSayWhatTheyAreAndNoneMeansAFreshStart() {
    assertTrue(new Traces(Map.of("n1", List.of()), List.of(), List.of()).isEmpty());
    List<String> said = traces().describe();
    assertEquals("n2 carries maintd:repairready:" + EVAC, said.get(0));
    assertTrue(
        said.contains(
            "5 job(s) in the cluster's queue carry maintd's reason trail (7, 8, 9, 10, 11)"),
        said.toString());
    assertTrue(said.contains("the collector of n4 ran 1 repair(s)"), said.toString());
  }

  @Test
  void aTraceKeyNamesItsOwnerRoundActionAndNode() {
    TraceKey k =
        TraceKey.of(
                "gnt:daemon:maintd x: incident "
                    + EVAC
                    + " (evacuate-failover node3.example.com): failover i1 ["
                    + EVAC
                    + "-r12-3]")
            .orElseThrow();
    assertEquals(EVAC, k.incident().orElseThrow());
    assertEquals(12, k.round());
    assertEquals("evacuate-failover", k.action().orElseThrow());
    assertEquals("node3.example.com", k.node().orElseThrow());
    assertEquals(Optional.empty(), TraceKey.of("no key here"));
    assertEquals(
        Optional.empty(), TraceKey.of("balancing: i1 [balance:i1-r2-1]").orElseThrow().incident());
  }

  @Test
  void aRecordTheCollectorCannotReadHoldsItsNodeAsAFailedIncidentAndTheRestIsRecovered() {
    UUID held = UUID.fromString("55555555-5555-5555-5555-555555555555");
    Map<String, Object> n1Fault = Map.of("status", "live-repair", "command", "swap-disk");
    Traces t =
        new Traces(
            traces().nodeTags(),
            traces().jobs(),
            List.of(
                traces().repairs().get(0),
                new RepairRecord(
                    "n1",
                    held.toString(),
                    "swap-disk",
                    Map.of(),
                    Optional.empty(),
                    Optional.of("/var/lib/repairs/" + held + ".json is not a repair result"))));
    Recovery.Recovered r = new Recovery().rebuild(CLUSTER, t, Map.of("n1", fault(n1Fault)), NOW);
    Incident h = incident(r.state(), held);
    assertEquals(IncidentStatus.FAILED, h.status(), "nothing is done to it blind");
    assertFalse(h.tagged(), "the daemon tags it repairfailed, for an operator to acknowledge");
    assertEquals(n1Fault, h.diagnosis().original(), "the node's report is this held incident");
    String why = h.history().get(0).reason();
    assertTrue(
        why.contains("n1's collector cannot read its record")
            && why.contains(held + ".json is not a repair result")
            && why.contains("maintctl ack"),
        why);
    assertTrue(
        r.notes().stream().anyMatch(n -> n.contains(held.toString()) && n.contains("n1")),
        r.notes().toString());
    assertEquals(IncidentStatus.COMPLETED, incident(r.state(), EVAC).status());
    assertEquals(IncidentStatus.PENDING, incident(r.state(), FIX).status());
    assertTrue(
        t.describe()
            .contains("the collector of n1 ran 1 repair(s), 1 of whose records cannot be read"),
        t.describe().toString());
  }

  @Test
  void aHeldRecordTakesTheObjectItsNodeReportsEvenAnotherFault() {
    UUID held = UUID.fromString("55555555-5555-5555-5555-555555555555");
    Map<String, Object> reported = Map.of("status", "evacuate", "details", Map.of("disk", "sdc"));
    Traces t =
        new Traces(
            Map.of(),
            List.of(),
            List.of(
                new RepairRecord(
                    "n1",
                    held.toString(),
                    "swap-disk",
                    Map.of(),
                    Optional.empty(),
                    Optional.of("/var/lib/repairs/" + held + ".json is not a repair result"))));
    MaintdState s = rebuilt(t, Map.of("n1", fault(reported)));
    assertEquals(
        reported,
        incident(s, held).diagnosis().original(),
        "what the node reports now is what an operator acknowledges");
  }

  @Test
  void aRecordsOwnDiagnoseObjectIsKeptWhenItsNodeReportsNothingNow() {
    UUID done = UUID.fromString("66666666-6666-6666-6666-666666666666");
    Map<String, Object> original =
        Map.of("status", "live-repair", "command", "swap-disk", "details", Map.of("disk", "sdc"));
    Traces t =
        new Traces(
            Map.of(),
            List.of(),
            List.of(
                new RepairRecord(
                    "n1", done.toString(), "swap-disk", original, Optional.of(false))));
    MaintdState s = rebuilt(t, Map.of());
    assertEquals(
        original,
        incident(s, done).diagnosis().original(),
        "the record's object, details and all, not one assumed from its command");
  }

  @Test
  void aRecordUnderANameThatIsNoUuidIsStillHeld() {
    Traces t =
        new Traces(
            Map.of(),
            List.of(),
            List.of(
                new RepairRecord(
                    "n4",
                    "junk",
                    "?",
                    Map.of(),
                    Optional.empty(),
                    Optional.of("junk.started is not a repair claim"))));
    MaintdState s = rebuilt(t, Map.of());
    assertEquals(1, s.incidents().size());
    Incident h = s.incidents().get(0);
    assertEquals(IncidentStatus.FAILED, h.status());
    assertEquals("n4", h.node());
    assertEquals(Optional.of("unknown"), h.diagnosis().command());
  }

  @Test
  void anIncidentRepairedAcknowledgedAndPutBackIsForgottenNeverPendingAgain() {
    UUID done = UUID.fromString("66666666-6666-6666-6666-666666666666");
    UUID failedThenUp = UUID.fromString("77777777-7777-7777-7777-777777777777");
    Traces t =
        new Traces(
            Map.of(),
            List.of(
                job("21", done.toString(), "(evacuate n4): drain n4", 3, JobStatus.SUCCESS),
                job("22", done.toString(), "(evacuate n4): set n4 offline", 4, JobStatus.SUCCESS),
                job("23", failedThenUp.toString(), "(evacuate n5): drain n5", 5, JobStatus.SUCCESS),
                job("24", failedThenUp.toString(), "(evacuate n5): migrate i9", 6, JobStatus.ERROR),
                new JobTrace(
                    "25",
                    "machine n4 up: put back in service by op [machine:n4-up-1800000000000000000]",
                    JobStatus.SUCCESS)),
            List.of());
    Recovery.Recovered r = new Recovery().rebuild(CLUSTER, t, Map.of(), NOW);
    assertTrue(
        r.state().incidents().stream().noneMatch(i -> i.uuid().equals(done)),
        "n4 is online and undrained, put back by job 25: " + r.state().incidents());
    assertTrue(
        r.notes().stream()
            .anyMatch(
                n ->
                    n.contains(done.toString())
                        && n.contains(
                            "finished and forgotten: n4 was put back in service after its jobs (job 25)")),
        r.notes().toString());
    assertEquals(
        IncidentStatus.FAILED,
        incident(r.state(), failedThenUp).status(),
        "n5 is still drained and no up job came after its jobs: it stays");

    Traces noUpJob =
        new Traces(
            Map.of(),
            List.of(
                job("21", done.toString(), "(evacuate n4): drain n4", 3, JobStatus.SUCCESS),
                job("22", done.toString(), "(evacuate n4): set n4 offline", 4, JobStatus.SUCCESS)),
            List.of());
    Recovery.Recovered archivedUp = new Recovery().rebuild(CLUSTER, noUpJob, Map.of(), NOW);
    assertTrue(archivedUp.state().incidents().isEmpty(), archivedUp.state().incidents().toString());
    assertTrue(
        archivedUp.notes().toString().contains("n4 is online and undrained again"),
        archivedUp.notes().toString());
  }

  @Test
  void theHistorySaysWhatEachIncidentWasRebuiltFromAndWhetherItsObjectIsAssumed() {
    MaintdState s = rebuilt(traces(), Map.of("n2", fault(N2_REPORT), "n4", fault(FIX_OBJECT)));
    assertEquals(
        "rebuilt from tag maintd:repairready:" + EVAC + " after the state was lost",
        incident(s, EVAC).history().get(0).reason());
    assertEquals(
        "rebuilt from the repair n4's collector ran after the state was lost",
        incident(s, FIX).history().get(0).reason());
    assertEquals(
        "rebuilt from jobs 9 after the state was lost;"
            + " the diagnose object is assumed: the node does not report it now",
        incident(s, MOVING).history().get(0).reason());
  }

  @Test
  void aTagAloneIsAnEvacuationOnANodeTakenOutAndALiveRepairOnANodeInService() {
    UUID onN1 = UUID.fromString("88888888-8888-8888-8888-888888888888");
    UUID onN5 = UUID.fromString("99999999-9999-9999-9999-999999999999");
    Traces t =
        new Traces(
            Map.of(
                "n1", List.of("maintd:repairfailed:" + onN1),
                "n5", List.of("maintd:repairready:" + onN5)),
            List.of(),
            List.of());
    MaintdState s = rebuilt(t, Map.of());
    assertEquals("live-repair", incident(s, onN1).diagnosis().status().wireName());
    assertEquals(Optional.of("unknown"), incident(s, onN1).diagnosis().command());
    assertEquals(
        "evacuate",
        incident(s, onN5).diagnosis().status().wireName(),
        "n5 is drained (not offline)");
  }

  @Test
  void onlyASuccessfulUpJobSubmittedAfterEveryJobOfTheIncidentPutsItsNodeBack() {
    UUID out = UUID.fromString("aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa");
    JobTrace drain = job("99", out.toString(), "(evacuate n5): drain n5", 3, JobStatus.SUCCESS);
    java.util.function.Function<JobTrace, Optional<Incident>> after =
        up ->
            new Recovery()
                    .rebuild(
                        CLUSTER, new Traces(Map.of(), List.of(drain, up), List.of()), Map.of(), NOW)
                    .state()
                    .incidents()
                    .stream()
                    .filter(i -> i.uuid().equals(out))
                    .findFirst();
    assertTrue(
        after.apply(upJob("100", "n5", JobStatus.SUCCESS)).isEmpty(),
        "job 100 comes after job 99: ids are numbers");
    assertEquals(
        IncidentStatus.PENDING,
        after.apply(upJob("98", "n5", JobStatus.SUCCESS)).orElseThrow().status(),
        "n5 was put back before the incident drained it");
    assertTrue(after.apply(upJob("101", "n5", JobStatus.ERROR)).isPresent(), "the up job failed");
    assertTrue(
        after.apply(upJob("101", "n4", JobStatus.SUCCESS)).isPresent(), "another node went up");
  }

  private static JobTrace upJob(String id, String node, JobStatus status) {
    return new JobTrace(
        id,
        "machine " + node + " up: put back in service by op [machine:" + node + "-up-1800000000]",
        status);
  }

  @Test
  void aNodeTakenOutIsOwnedByTheCampaignThatDrainedItForItsRebootAndNoOtherNode() {
    Traces t =
        new Traces(
            Map.of(),
            List.of(
                new JobTrace(
                    "10",
                    "campaign c1 (migrate-reboot, group 1 of 1): drain n5 for its reboot [campaign:c1-r4-1]",
                    JobStatus.SUCCESS)),
            List.of());
    MaintdState s = rebuilt(t, Map.of());
    assertEquals(
        List.of(new Machine("n5", NOW, "campaign:c1", "rebuilt after the state was lost")),
        s.machines(),
        "n2 is out too, but nothing of the traces took it out");
  }
}
