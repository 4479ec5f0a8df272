package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.round.StepDriver.applyJobs;
import static org.maintd.round.StepDriver.cluster;
import static org.maintd.round.StepDriver.fault;
import static org.maintd.round.StepDriver.keys;
import static org.maintd.round.StepDriver.ok;
import static org.maintd.round.StepDriver.submits;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.Campaigns;
import org.maintd.campaign.NodeSelection;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.incident.Observation;
import org.maintd.job.JobSpec;
import org.maintd.job.JobState;
import org.maintd.job.JobStatus;
import org.maintd.safety.StormGuard;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;

class RoundStepTest {
  private static final Instant T0 = StepDriver.T0;

  @Test
  void anIdleTickChangesNothingAndAsksForNothing() {
    StepDriver d = new StepDriver();
    Map<String, Observation> allOk = Map.of("n1", ok(), "n2", ok(), "n3", ok(), "n4", ok());
    StepResult first = d.tick(allOk);
    assertEquals(
        java.util.Set.of("n1", "n2", "n3", "n4"),
        first.state().stored().collectors().keySet(),
        "the first poll records each collector, for standbys to show");
    MaintdState before = d.stored();
    StepResult r = d.tick(allOk);
    assertEquals(List.of(), r.effects());
    assertEquals(before, r.state().stored(), "a poll that says the same changes nothing");
    assertFalse(r.roundStarted());
  }

  @Test
  void aCollectorThatChangesItsHealthIsRecordedSinceThenAndTheOthersKeepTheirTime() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n1", ok(), "n2", ok()));
    Instant first = d.stored().collectors().get("n1").since();
    d.tick(Map.of("n1", ok(), "n2", new Observation.Unknown("Connection refused")));
    assertEquals(first, d.stored().collectors().get("n1").since());
    assertEquals("unreachable", d.stored().collectors().get("n2").health());
    assertTrue(d.stored().collectors().get("n2").since().isAfter(first));
  }

  @Test
  void aFaultStartsARoundWhoseJobsAreStoredAsIntentsBeforeTheyAreSubmitted() {
    StepDriver d = new StepDriver();
    StepResult r = d.tick(Map.of("n2", fault("evacuate")));
    assertTrue(r.roundStarted());
    assertEquals(1, d.stored().round());
    assertEquals(1, r.state().memory().plan().round(), "the plan shown is the round started");
    assertEquals(1, d.stored().intents().size());
    Intent intent = d.stored().intents().get(0);
    assertFalse(intent.submitted());
    assertEquals(List.of(intent.job()), submits(r));
    assertEquals(intent.job().owner(), d.incident().uuid().toString());
  }

  @Test
  void aSubmittedJobsIdIsRecordedWithItsIntentAndIncidentAndItIsNotSubmittedAgain() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", fault("evacuate")));
    d.carryOut();
    String key = d.stored().intents().get(0).job().key();
    StepResult r = d.tick(Map.of("n2", fault("evacuate")));
    assertEquals("job-" + key, d.stored().intents().get(0).jobId());
    assertEquals(List.of("job-" + key), d.stored().jobs());
    assertEquals(IncidentStatus.PENDING, d.incident().status());
    assertEquals(List.of("job-" + key), d.incident().jobs());
    assertEquals(List.of(), submits(r));
    assertTrue(
        r.state().memory().plan().heldBack().startsWith("waiting for jobs job-" + key),
        r.state().memory().plan().heldBack());
  }

  @Test
  void aJobFoundInTheClusterIsLoggedAsFoundNotAsSubmitted() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", fault("evacuate")));
    String key = d.stored().intents().get(0).job().key();
    d.outcomes = List.of(new Outcome.Submitted(key, "17", true));
    StepResult r = d.tick(Map.of("n2", fault("evacuate")));
    List<String> said = r.log().stream().map(LogLine::text).toList();
    assertTrue(
        said.stream().anyMatch(l -> l.contains("[job=17] found in the cluster, submitted before")),
        said.toString());
    assertTrue(said.stream().noneMatch(l -> l.contains("[job=17] submitted")), said.toString());
    assertEquals("17", d.stored().intents().get(0).jobId());
  }

  @Test
  void aFailedSubmissionIsAskedForAgainUnderTheSameKey() {
    StepDriver d = new StepDriver();
    StepResult first = d.tick(Map.of("n2", fault("evacuate")));
    String key = first.effects().get(0).key();
    d.outcomes = List.of(new Outcome.Failed(key, "connection refused"));
    StepResult again = d.command(new Command.Pause(false, "alice"));
    assertEquals(List.of(key), keys(again));
    assertFalse(d.stored().intents().get(0).submitted());
    assertTrue(again.log().stream().anyMatch(l -> l.text().contains("connection refused")));
  }

  @Test
  void aFailedJobFailsItsIncidentWhichIsTaggedUntilTheTagIsOn() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", fault("evacuate")));
    d.carryOut();
    d.tick(Map.of("n2", fault("evacuate")));
    StepResult closed = d.tick(Map.of("n2", fault("evacuate")), d.jobsAll(JobStatus.ERROR));
    assertEquals(IncidentStatus.FAILED, d.incident().status());
    assertEquals(List.of(), d.stored().intents());
    assertEquals(List.of(new FinishedJob("incident", "drain", "error")), closed.finished());
    String tagKey = "tag:" + d.incident().uuid();
    assertEquals(List.of(tagKey), keys(closed));
    StepResult untagged = d.tick(Map.of("n2", fault("evacuate")));
    assertEquals(List.of(tagKey), keys(untagged), "a tag not confirmed is asked for again");
    d.carryOut();
    StepResult tagged = d.tick(Map.of("n2", fault("evacuate")));
    assertTrue(d.incident().tagged());
    assertEquals(List.of(), tagged.effects());
    assertTrue(d.cluster.node("n2").orElseThrow().tags().contains(d.incident().tag()));
  }

  @Test
  void anEvacuationRunsRoundAfterRoundUntilItCompletesAndTheNodeIsTagged() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", fault("evacuate")));
    for (int i = 0; i < 12 && d.incident().status() != IncidentStatus.COMPLETED; i++) {
      d.carryOut();
      applyJobs(d);
      d.tick(Map.of("n2", fault("evacuate")), d.jobsAll(JobStatus.SUCCESS));
    }
    assertEquals(IncidentStatus.COMPLETED, d.incident().status());
    assertEquals(List.of("n2"), d.stored().evacuated());
    assertFalse(d.incident().tagged());
    d.carryOut();
    d.tick(Map.of("n2", fault("evacuate")));
    assertTrue(d.incident().tagged());
    assertTrue(
        d.cluster
            .node("n2")
            .orElseThrow()
            .tags()
            .contains(Incident.READY_TAG_PREFIX + d.incident().uuid()));
  }

  @Test
  void anIncidentCanceledWhileItsSubmissionIsRetriedIsNotSubmittedOnlyLookedUp() {
    StepDriver d = new StepDriver();
    StepResult first = d.tick(Map.of("n2", fault("evacuate")));
    String key = first.effects().get(0).key();
    d.outcomes = List.of(new Outcome.Failed(key, "connection refused"));
    StepResult canceled = d.command(new Command.Cancel(d.incident().uuid().toString(), "alice"));
    assertEquals(List.of(), submits(canceled));
    assertEquals(List.of(new Effect.LookUp(d.stored().intents().get(0).job())), canceled.effects());
    d.outcomes = List.of(new Outcome.NotFound(key));
    StepResult dropped = d.tick(Map.of("n2", fault("evacuate")));
    assertEquals(List.of(), d.stored().intents());
    assertEquals(List.of(), submits(dropped));
    assertTrue(
        dropped.log().stream()
            .anyMatch(
                l ->
                    l.text().contains("not submitted: the incident is canceled")
                        && l.text().contains("no job with its key")),
        dropped.log().toString());
  }

  @Test
  void aJobOfACanceledIncidentSubmittedBeforeACrashIsFoundAndWatchedToItsEnd() {
    StepDriver d = new StepDriver();
    StepResult first = d.tick(Map.of("n2", fault("evacuate")));
    String key = first.effects().get(0).key();
    // the daemon crashed after the submission, before it recorded the job's id
    d.command(new Command.Cancel(d.incident().uuid().toString(), "alice"));
    d.outcomes = List.of(new Outcome.Submitted(key, "17"));
    StepResult found = d.tick(Map.of("n2", fault("evacuate")), Map.of());
    assertEquals(List.of(), submits(found));
    assertEquals("17", d.stored().intents().get(0).jobId());
    assertEquals(IncidentStatus.CANCELED, d.incident().status());
    assertTrue(
        d.incident().history().get(d.incident().history().size() - 1).reason().contains("found in"),
        d.incident().history().toString());
    d.tick(
        Map.of("n2", fault("evacuate")), Map.of("17", new JobState("17", JobStatus.RUNNING, "")));
    assertEquals(List.of("17"), d.stored().jobs(), "the round waits for it");
    d.tick(
        Map.of("n2", fault("evacuate")), Map.of("17", new JobState("17", JobStatus.SUCCESS, "")));
    assertEquals(List.of(), d.stored().intents(), "its end closes the round");
  }

  @Test
  void aRepairJobOfAnIncidentThatEndedIsNotAskedForAgain() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", fault("live-repair")));
    d.carryOut();
    d.tick(Map.of("n2", fault("live-repair")));
    String id = d.stored().intents().get(0).jobId();
    assertTrue(
        Watch.jobs(d.stored(), d.cluster, List.of()).get(id).isPresent(),
        "asked for again while the incident is active");
    d.command(new Command.Cancel(d.incident().uuid().toString(), "alice"));
    assertTrue(
        Watch.jobs(d.stored(), d.cluster, List.of()).containsKey(id), "its status is still read");
    assertEquals(
        Optional.empty(),
        Watch.jobs(d.stored(), d.cluster, List.of()).get(id),
        "but it is not asked for again");
    MaintdState forgotten = d.stored().withIncidents(List.of());
    assertEquals(
        Optional.empty(),
        Watch.jobs(forgotten, d.cluster, List.of()).get(id),
        "nor once the incident is forgotten");
  }

  @Test
  void theStateKeepsTheLastTwentyEndedCampaignsAndEveryActiveOne() {
    List<Campaign> campaigns = new ArrayList<>();
    Campaigns factory = new Campaigns();
    CampaignSpec spec =
        new CampaignSpec(
            NodeSelection.all(),
            CampaignMode.MIGRATE_REBOOT,
            0,
            Duration.ZERO,
            Duration.ofMinutes(5),
            List.of());
    for (int i = 0; i < 30; i++) {
      Campaign c = factory.create("c" + i, spec, cluster(), T0);
      campaigns =
          CampaignList.append(
              campaigns,
              i < 29 ? c.abort("alice", T0).withStatus(CampaignStatus.ABORTED, "aborted") : c);
    }
    assertEquals(21, campaigns.size());
    assertEquals("c9", campaigns.get(0).id(), "the oldest ended ones went first");
    assertEquals("c29", campaigns.get(20).id());

    List<Campaign> exactly = new ArrayList<>();
    for (int i = 0; i < CampaignList.ENDED_KEPT; i++) {
      exactly =
          CampaignList.append(
              exactly,
              factory
                  .create("e" + i, spec, cluster(), T0)
                  .withStatus(CampaignStatus.ABORTED, "aborted"));
    }
    assertEquals(CampaignList.ENDED_KEPT, exactly.size(), "twenty ended ones are all kept");
    assertEquals("e0", exactly.get(0).id());
  }

  private static CampaignSpec oneNode(String node) {
    return new CampaignSpec(
        new NodeSelection(List.of(node), "", List.of()),
        CampaignMode.MIGRATE_REBOOT,
        1,
        Duration.ZERO,
        Duration.ofMinutes(10),
        List.of());
  }

  @Test
  void aCampaignIsPausedResumedAndAbortedThroughTheStepAndEachIsLogged() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n4", ok()));
    d.command(new Command.StartCampaign(oneNode("n4"), "alice"));
    String id = d.stored().campaigns().get(0).id();
    assertTrue(
        d.last.log().stream()
            .anyMatch(l -> l.text().startsWith("[campaign=" + id + "] started by alice")),
        d.last.log().toString());

    d.command(new Command.CampaignAction(id, "pause", "bob"));
    assertEquals(CampaignStatus.PAUSED, d.stored().campaigns().get(0).status());
    assertTrue(
        d.last.log().stream()
            .anyMatch(l -> l.text().equals("[campaign=" + id + "] pause by bob: now paused")),
        d.last.log().toString());
    d.command(new Command.CampaignAction(id, "resume", "bob"));
    assertEquals(CampaignStatus.RUNNING, d.stored().campaigns().get(0).status());
    d.command(new Command.CampaignAction(id, "abort", "bob"));
    assertTrue(
        d.stored().campaigns().get(0).status().isStopping(), d.stored().campaigns().toString());

    d.command(new Command.CampaignAction("no-such-campaign", "pause", "bob"));
    Reply.Refused unknown = assertInstanceOf(Reply.Refused.class, d.reply());
    assertEquals(Refusal.NOT_FOUND, unknown.kind());
    assertTrue(unknown.message().contains("no campaign no-such-campaign"), unknown.message());
  }

  @Test
  void aCampaignsNewHistoryIsLoggedOnceAsItHappens() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n4", ok()));
    d.command(new Command.StartCampaign(oneNode("n4"), "alice"));
    String id = d.stored().campaigns().get(0).id();
    d.tick(Map.of("n4", ok()));
    List<String> first =
        d.last.log().stream()
            .map(LogLine::text)
            .filter(l -> l.startsWith("[campaign=" + id + "] n4:"))
            .toList();
    assertTrue(
        first.contains("[campaign=" + id + "] n4:drain: started"),
        "the node's first step is logged: " + d.last.log());
    d.tick(Map.of("n4", ok()));
    assertTrue(
        d.last.log().stream().noneMatch(l -> first.contains(l.text())),
        "an event already logged is not logged again: " + d.last.log());
  }

  @Test
  void aFailedJobOfACampaignThatIsNoRebootStopsItEvenWithAHardFallBack() {
    StepDriver d = new StepDriver(Settings.defaults().withHardRebootAfter(Duration.ofMinutes(5)));
    d.tick(Map.of("n4", ok()));
    d.command(new Command.StartCampaign(oneNode("n4"), "alice"));
    d.tick(Map.of("n4", ok()));
    assertTrue(
        d.stored().intents().stream()
            .anyMatch(
                i -> i.job().operations().get(0) instanceof org.maintd.job.Operation.SetNodeFlags),
        "the drain is planned: " + d.stored().intents());
    d.carryOut();
    d.tick(Map.of("n4", ok()));
    d.tick(Map.of("n4", ok()), d.jobsAll(JobStatus.ERROR));
    Campaign failed = d.stored().campaigns().get(0);
    assertTrue(
        failed.status() == CampaignStatus.FAILING || failed.status() == CampaignStatus.FAILED,
        "a failed drain stops the campaign: " + failed.status());
    assertTrue(
        failed.history().stream().noneMatch(e -> e.event().endsWith("soft-reboot-failed")),
        failed.history().toString());
  }

  @Test
  void acknowledgingAnIncidentWhoseOutcomeTagIsNotOnItsNodeYetIsRefused() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", fault("evacuate")));
    String uuid = d.incident().uuid().toString();
    d.command(new Command.Acknowledge(uuid, "op"));
    Reply.Refused pending = assertInstanceOf(Reply.Refused.class, d.reply());
    assertEquals(Refusal.CONFLICT, pending.kind());
    assertTrue(pending.message().contains("has no outcome tag yet"), pending.message());
    d.command(new Command.Acknowledge(new UUID(7, 7).toString(), "op"));
    assertEquals(Refusal.NOT_FOUND, assertInstanceOf(Reply.Refused.class, d.reply()).kind());
  }

  @Test
  void aNotedIncidentWhoseJobIsPlannedButUnrecordedStaysWhenItsFaultClears() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", fault("evacuate")));
    assertEquals(1, d.stored().intents().size(), "the drain is planned");
    // the daemon crashed before the drain's outcome was recorded: nothing is carried out
    d.tick(Map.of("n2", ok()));
    assertEquals(
        1,
        d.stored().incidents().size(),
        "a noted incident with a planned job is not closed: the job may run in the cluster");
    assertEquals(1, d.stored().intents().size(), "its job is still watched");
    assertTrue(
        d.last.log().stream().noneMatch(l -> l.text().contains("closed")), d.last.log().toString());
  }

  @Test
  void eachIncidentChangeIsLoggedWithItsIncidentAndNode() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n3", fault("live-repair")));
    String uuid = d.incident().uuid().toString();
    assertTrue(
        d.last.log().stream()
            .anyMatch(l -> l.text().equals("[incident=" + uuid + "] [node=n3] noted: live-repair")),
        d.last.log().toString());
  }

  @Test
  void aCanceledIncidentGetsNoNewJob() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", fault("live-repair")));
    d.carryOut();
    d.tick(Map.of("n2", fault("live-repair")));
    d.command(new Command.Cancel(d.incident().uuid().toString(), "alice"));
    assertEquals(IncidentStatus.CANCELED, d.incident().status());
    for (int i = 0; i < 4; i++) {
      StepResult r = d.tick(Map.of("n2", fault("live-repair")), d.jobsAll(JobStatus.SUCCESS));
      assertEquals(List.of(), submits(r));
    }
    assertEquals(IncidentStatus.CANCELED, d.incident().status());
  }

  static Stream<Arguments> heldBack() {
    return Stream.of(
        Arguments.of(
            "paused",
            (Consumer<StepDriver>)
                d ->
                    d.state =
                        new RoundState(
                            d.stored()
                                .withPaused(
                                    true, "automatic actions stopped by alice (maintctl resume)"),
                            d.state.memory()),
            "paused: automatic actions stopped by alice"),
        Arguments.of(
            "round delay",
            (Consumer<StepDriver>)
                d ->
                    d.state =
                        new RoundState(
                            d.stored().withRoundDelay(Duration.ofMinutes(10)),
                            d.state.memory().withLastRound(d.now.minusSeconds(60))),
            "waiting for the round delay (540 s left)"),
        Arguments.of(
            "job running",
            (Consumer<StepDriver>)
                d ->
                    d.state =
                        new RoundState(
                            d.stored()
                                .withJobs(List.of("17"), List.of(new Intent(otherJob(), "17"))),
                            d.state.memory()),
            "waiting for jobs 17 of round 0"),
        Arguments.of(
            "job not submitted",
            (Consumer<StepDriver>)
                d ->
                    d.state =
                        new RoundState(
                            d.stored().withJobs(List.of(), List.of(new Intent(otherJob(), ""))),
                            d.state.memory()),
            "waiting for jobs other-key of round 0"));
  }

  private static JobSpec otherJob() {
    return new JobSpec(
        "other-key",
        "balance:1",
        List.of(org.maintd.job.Operation.SetNodeFlags.drain("n4")),
        org.maintd.job.ReasonTrail.of("balance", "other-key", 1));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("heldBack")
  void aRoundIsHeldBackAndSaysWhy(String name, Consumer<StepDriver> given, String why) {
    StepDriver d = new StepDriver();
    given.accept(d);
    StepResult r = d.tick(Map.of("n2", fault("evacuate")));
    assertFalse(r.roundStarted());
    assertTrue(
        r.state().memory().plan().heldBack().startsWith(why), r.state().memory().plan().heldBack());
    assertTrue(d.incident().next().startsWith(why), d.incident().next());
    assertTrue(
        submits(r).stream().allMatch(j -> j.key().equals("other-key")), submits(r).toString());
  }

  @Test
  void aStormPausesOnceAndTheOperatorsResumeHoldsUntilTheStormHasPassed() {
    StepDriver d = new StepDriver(Settings.defaults().withStorm(new StormGuard(50)));
    Map<String, Observation> storm =
        Map.of("n2", fault("evacuate"), "n3", fault("evacuate"), "n4", fault("evacuate"));
    StepResult r = d.tick(storm);
    assertTrue(d.stored().paused());
    assertFalse(d.stored().stormArmed());
    assertFalse(r.state().memory().storm().isEmpty());
    assertFalse(r.roundStarted());
    d.command(new Command.Pause(false, "alice"));
    d.tick(storm);
    assertFalse(d.stored().paused(), "the resume holds while the same storm goes on");
    d.tick(Map.of("n2", ok(), "n3", ok(), "n4", ok()));
    assertTrue(d.stored().stormArmed());
    d.tick(storm);
    assertTrue(d.stored().paused(), "a new storm pauses again");
  }

  static Stream<Arguments> refusals() {
    return Stream.of(
        Arguments.of(
            "cancel of an unknown incident",
            new Command.Cancel(new UUID(9, 9).toString(), "bob"),
            Refusal.NOT_FOUND,
            "no incident"),
        Arguments.of(
            "ack of an incident without its tag",
            new Command.Acknowledge(new UUID(0, 1).toString(), "bob"),
            Refusal.CONFLICT,
            "has no outcome tag yet"),
        Arguments.of(
            "an unknown campaign",
            new Command.CampaignAction("nope", "pause", "bob"),
            Refusal.NOT_FOUND,
            "no campaign nope"),
        Arguments.of(
            "up of an unknown node",
            new Command.MachinesUp(List.of("n9"), false, "bob"),
            Refusal.NOT_FOUND,
            "no node n9"),
        Arguments.of(
            "up of a node maintd did not take out",
            new Command.MachinesUp(List.of("n3"), false, "bob"),
            Refusal.CONFLICT,
            "n3"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusals")
  void aRefusedCommandSaysWhyAndChangesNothing(
      String name, Command command, Refusal kind, String says) {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", fault("live-repair")));
    d.carryOut();
    d.tick(Map.of("n2", fault("live-repair")));
    MaintdState before = d.stored();
    StepResult r = d.command(command);
    Reply.Refused refused = assertInstanceOf(Reply.Refused.class, d.reply());
    assertEquals(kind, refused.kind());
    assertTrue(refused.message().contains(says), refused.message());
    assertEquals(before, r.state().stored());
    assertEquals(List.of(), r.effects());
  }

  @Test
  void anAcknowledgementRemovesTheTagAndIsAnsweredOnceTheRemovalIsDone() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", fault("live-repair")));
    d.carryOut();
    d.tick(Map.of("n2", fault("live-repair")));
    d.tick(Map.of("n2", fault("live-repair")), d.jobsAll(JobStatus.ERROR));
    d.carryOut();
    d.tick(Map.of("n2", fault("live-repair")));
    String uuid = d.incident().uuid().toString();
    StepResult r = d.command(new Command.Acknowledge(uuid, "alice"));
    Reply.AfterEffects after = assertInstanceOf(Reply.AfterEffects.class, d.reply());
    Effect.Tag removal = (Effect.Tag) r.effects().get(0);
    assertEquals(List.of(removal.key()), after.keys());
    assertEquals(List.of(Incident.FAILED_TAG_PREFIX + uuid), removal.remove());
    Answers.Acknowledged answer =
        (Answers.Acknowledged)
            after.value().apply(Map.of(removal.key(), new Outcome.Tagged(removal.key())));
    assertEquals(Incident.FAILED_TAG_PREFIX + uuid, answer.removedTag());
  }

  @Test
  void aSecondCampaignIsRefusedWhileOneIsUnderWay() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n1", ok()));
    CampaignSpec spec =
        new CampaignSpec(
            NodeSelection.all(),
            CampaignMode.MIGRATE_REBOOT,
            1,
            Duration.ZERO,
            Duration.ofMinutes(10),
            List.of());
    d.command(new Command.StartCampaign(spec, "alice"));
    assertInstanceOf(Reply.Done.class, d.reply());
    assertEquals(
        new UUID(0, 1).toString(),
        d.stored().campaigns().get(0).id(),
        "campaigns are named by the uuids given");
    d.command(new Command.StartCampaign(spec, "bob"));
    assertEquals(Refusal.CONFLICT, assertInstanceOf(Reply.Refused.class, d.reply()).kind());
    assertEquals(1, d.stored().campaigns().size());
  }

  /**
   * Runs a campaign over n4 alone until its soft reboot is submitted; returns the reboot's intent.
   */
  private static Intent campaignUpToTheSoftReboot(StepDriver d) {
    d.tick(Map.of("n4", ok()));
    d.command(
        new Command.StartCampaign(
            new CampaignSpec(
                new NodeSelection(List.of("n4"), "", List.of()),
                CampaignMode.MIGRATE_REBOOT,
                1,
                Duration.ZERO,
                Duration.ofMinutes(10),
                List.of()),
            "alice"));
    for (int i = 0; i < 6; i++) {
      d.carryOut();
      applyJobs(d);
      d.tick(Map.of("n4", ok()), d.jobsAll(JobStatus.SUCCESS));
      for (Intent intent : d.stored().intents()) {
        if (intent.job().operations().get(0) instanceof org.maintd.job.Operation.RebootNode) {
          return intent;
        }
      }
    }
    throw new AssertionError("no reboot: " + d.stored());
  }

  @Test
  void aFailedSoftRebootStopsTheCampaignUnlessAHardFallBackIsConfigured() {
    StepDriver plain = new StepDriver();
    campaignUpToTheSoftReboot(plain);
    plain.carryOut();
    plain.tick(Map.of("n4", ok()));
    plain.tick(Map.of("n4", ok()), plain.jobsAll(JobStatus.ERROR));
    assertEquals(CampaignStatus.FAILING, plain.stored().campaigns().get(0).status());

    StepDriver d = new StepDriver(Settings.defaults().withHardRebootAfter(Duration.ofMinutes(5)));
    Intent soft = campaignUpToTheSoftReboot(d);
    assertEquals(new org.maintd.job.Operation.RebootNode("n4"), soft.job().operations().get(0));
    d.carryOut();
    d.tick(Map.of("n4", ok()));
    StepResult next = d.tick(Map.of("n4", ok()), d.jobsAll(JobStatus.ERROR));
    Campaign c = d.stored().campaigns().get(0);
    assertEquals(CampaignStatus.RUNNING, c.status(), c.history().toString());
    assertEquals(
        List.of(new org.maintd.job.Operation.RebootNode("n4", true)),
        submits(next).get(0).operations(),
        "the hard reboot follows at once");
    String id = c.id();
    assertEquals(
        1,
        next.log().stream()
            .filter(
                l ->
                    l.text().startsWith("[campaign=" + id + "] n4:soft-reboot-failed: job ")
                        && l.text().endsWith("; a hard reboot is due"))
            .count(),
        "the campaign's events from the failed job are logged once: " + next.log());
  }

  @Test
  void aRebootRefusedByItsCollectorIsLoggedAsTheCampaignsEvents() {
    StepDriver d = new StepDriver();
    campaignUpToTheSoftReboot(d);
    d.carryOut();
    d.tick(Map.of("n4", ok()));
    Map<String, JobState> refused = new HashMap<>();
    d.jobsAll(JobStatus.CANCELED)
        .keySet()
        .forEach(id -> refused.put(id, new JobState(id, JobStatus.CANCELED, "not whitelisted")));
    StepResult next = d.tick(Map.of("n4", ok()), refused);
    String id = d.stored().campaigns().get(0).id();
    List<String> logged = next.log().stream().map(LogLine::text).toList();
    assertTrue(
        logged.contains("[campaign=" + id + "] n4:reboot-refused: not whitelisted"),
        logged.toString());
    assertTrue(
        logged.contains("[campaign=" + id + "] failing: not whitelisted"), logged.toString());
  }

  @Test
  void aRebootItsCollectorRefusedSaysSoAndBringsTheNodeBackUnrebooted() {
    StepDriver d = new StepDriver();
    Intent soft = campaignUpToTheSoftReboot(d);
    d.carryOut();
    d.tick(Map.of("n4", ok()));
    Map<String, JobState> refused = new HashMap<>();
    String why = "reboot refused by n4's collector: command 'reboot' is not in the whitelist";
    d.jobsAll(JobStatus.CANCELED)
        .keySet()
        .forEach(id -> refused.put(id, new JobState(id, JobStatus.CANCELED, why)));
    d.tick(Map.of("n4", ok()), refused);
    for (int i = 0; i < 6; i++) {
      d.carryOut();
      applyJobs(d);
      d.tick(Map.of("n4", ok()), d.jobsAll(JobStatus.SUCCESS));
    }
    Campaign c = d.stored().campaigns().get(0);
    assertEquals(CampaignStatus.FAILED, c.status(), c.history().toString());
    assertEquals(why, c.stopReason());
    assertTrue(
        c.history().stream()
            .anyMatch(e -> e.event().equals("n4:reboot-refused") && e.detail().equals(why)),
        c.history().toString());
    assertTrue(
        c.history().stream().noneMatch(e -> e.detail().contains("did not come back")),
        c.history().toString());
    assertFalse(d.cluster.node("n4").orElseThrow().drained(), "n4 is brought back");
    assertEquals(new org.maintd.job.Operation.RebootNode("n4"), soft.job().operations().get(0));
  }

  @Test
  void aMachinePutBackIsAJobStoredAsAnIntentAndAnsweredWithItsId() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", fault("evacuate")));
    d.carryOut();
    applyJobs(d);
    d.tick(Map.of("n2", fault("evacuate")));
    String uuid = d.incident().uuid().toString();
    d.tick(Map.of("n2", fault("evacuate")), d.jobsAll(JobStatus.SUCCESS));
    d.command(new Command.Cancel(uuid, "alice"));
    StepResult r = d.tick(Map.of("n2", ok()), d.jobsAll(JobStatus.SUCCESS));
    d.command(new Command.MachinesUp(List.of("n2"), false, "alice"));
    Reply.AfterEffects after =
        assertInstanceOf(Reply.AfterEffects.class, d.reply(), r.log().toString());
    Intent up =
        d.stored().intents().stream()
            .filter(i -> i.job().owner().equals("machine:n2"))
            .findFirst()
            .orElseThrow();
    assertEquals(after.keys(), List.of(up.job().key()));
    Object answer =
        after.value().apply(Map.of(up.job().key(), new Outcome.Submitted(up.job().key(), "77")));
    assertEquals(List.of(new Answers.BroughtUp("n2", "77", List.of())), answer);
  }

  @Test
  void commandsBeforeTheFirstSnapshotAreRefused() {
    StepDriver d = new StepDriver();
    d.command(new Command.Pause(true, "alice"));
    assertEquals(Refusal.CONFLICT, assertInstanceOf(Reply.Refused.class, d.reply()).kind());
    assertFalse(d.stored().paused());
  }

  @Test
  void theSameInputsGiveTheSameResult() {
    List<StepResult> runs = new ArrayList<>();
    for (int run = 0; run < 2; run++) {
      StepDriver d = new StepDriver();
      d.tick(Map.of("n2", fault("evacuate"), "n3", fault("live-repair")));
      d.carryOut();
      d.tick(Map.of("n2", fault("evacuate"), "n3", fault("live-repair")));
      runs.add(d.tick(Map.of("n2", fault("evacuate")), d.jobsAll(JobStatus.SUCCESS)));
    }
    assertEquals(runs.get(0).state(), runs.get(1).state());
    assertEquals(runs.get(0).effects(), runs.get(1).effects());
    assertEquals(runs.get(0).log(), runs.get(1).log());
  }

  @Test
  void beforeAnyRoundThePlanSaysNoRoundWasPlannedYet() {
    PlanSnapshot none = Memory.empty().plan();
    assertEquals(0, none.round());
    assertEquals("no round planned yet: the daemon has not completed a poll", none.heldBack());
    assertEquals(List.of(), none.jobs());
  }
}
