package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.round.StepDriver.fault;
import static org.maintd.round.StepDriver.ok;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.NodeSelection;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.job.JobStatus;

/**
 * When the round starts and what every incident and campaign says meanwhile: the round delay's
 * bound, the text of what waits, and the reason a finished incident is completed with.
 */
class PlanningTest {

  /**
   * Negative: the clock was stepped back past the last round's start; the delay is taken as served
   * rather than held for the step's length.
   */
  @ParameterizedTest(name = "{0} s after the last round of a 600 s delay: starts {1}")
  @CsvSource({"-600,true", "-1,true", "0,false", "599,false", "600,true", "601,true"})
  void theRoundStartsOnceTheRoundDelayHasPassedToTheSecond(long after, boolean starts) {
    StepDriver d = new StepDriver();
    d.state =
        new RoundState(
            d.stored().withRoundDelay(Duration.ofMinutes(10)),
            d.state.memory().withLastRound(d.now.minusSeconds(after)));
    StepResult r = d.tick(Map.of("n2", fault("evacuate")));
    assertEquals(starts, r.roundStarted(), r.state().memory().plan().heldBack());
    assertEquals(
        starts ? "" : "waiting for the round delay (" + (600 - after) + " s left)",
        r.state().memory().plan().heldBack());
  }

  @Test
  void aHeldBackIncidentSaysWhatItWaitsForThenWhatItWillDo() {
    StepDriver free = new StepDriver();
    free.tick(Map.of("n2", fault("evacuate")));
    String plan = free.incident().next();
    assertFalse(plan.isEmpty(), "the evacuation has a first step to show");

    StepDriver paused = new StepDriver();
    paused.state =
        new RoundState(paused.stored().withPaused(true, "stopped by alice"), paused.state.memory());
    paused.tick(Map.of("n2", fault("evacuate")));
    assertEquals("paused: stopped by alice; then: " + plan, paused.incident().next());
  }

  @Test
  void aRunningCampaignSaysWhichJobsItsRoundWaitsFor() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n4", ok()));
    d.command(new Command.StartCampaign(oneNode("n4"), "alice"));
    d.tick(Map.of("n4", ok()));
    d.carryOut();
    d.tick(Map.of("n4", ok()));
    String job = d.stored().jobs().get(0);
    Campaign c = d.stored().campaigns().get(0);
    assertEquals(CampaignStatus.RUNNING, c.status());
    assertEquals("waiting for jobs " + job + " of round 1", c.next());
    d.tick(Map.of("n4", ok()), d.jobsAll(JobStatus.SUCCESS));
    assertFalse(
        d.stored().campaigns().get(0).next().startsWith("waiting for jobs"),
        "once the round may start the campaign says its own next step: "
            + d.stored().campaigns().get(0).next());
  }

  static CampaignSpec oneNode(String node) {
    return new CampaignSpec(
        new NodeSelection(List.of(node), "", List.of()),
        CampaignMode.MIGRATE_REBOOT,
        1,
        Duration.ZERO,
        Duration.ofMinutes(10),
        List.of());
  }

  @Test
  void aCompletedEvacuationIsCompletedWithWhatItsLastStepSaid() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", fault("evacuate")));
    String said = "";
    for (int i = 0; i < 12 && d.incident().status() != IncidentStatus.COMPLETED; i++) {
      d.carryOut();
      StepDriver.applyJobs(d);
      said = d.incident().next();
      d.tick(Map.of("n2", fault("evacuate")), d.jobsAll(JobStatus.SUCCESS));
    }
    Incident done = d.incident();
    assertEquals(IncidentStatus.COMPLETED, done.status());
    String reason = done.history().get(done.history().size() - 1).reason();
    assertEquals(done.next(), reason);
    assertTrue(!reason.isEmpty() && !reason.equals("all actions done"), reason + " / " + said);
  }
}
