package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.NodeProgress;
import org.maintd.health.HealthRecord;
import org.maintd.health.InstanceHealth;
import org.maintd.health.Tries;
import org.maintd.job.JobStatus;
import org.maintd.reboot.NodeCycle;
import org.maintd.reboot.RebootAsk;
import org.maintd.reboot.RebootMode;
import org.maintd.reboot.RebootRequest;
import org.maintd.spi.MaintdState;

/**
 * What a step of the wall clock moves in the state, on a state the round made: every power cycle,
 * the active reboot requests, the running campaigns' nodes, the collectors' statuses, the
 * instances' health records and, in memory, the nodes' ok since and the last round's start; an
 * ended request and an ended campaign stay as they were, and a zero step changes nothing.
 */
class ClockStepTest {
  private final StepDriver d = new StepDriver();
  private final Map<String, String> boots = Map.of("n1", "b1", "n2", "b2", "n3", "b3", "n4", "b4");

  @ParameterizedTest
  @ValueSource(longs = {3600, -600})
  void everyRunningWaitMovesWithTheStepAndWhatEndedStays(long seconds) {
    Duration step = Duration.ofSeconds(seconds);
    d.tickBoots(boots, JobStatus.SUCCESS, Duration.ZERO);
    d.startCampaign("n3");
    ask("n4");
    ask("n2");
    String cancelled = d.stored().reboots().activeOf("n2").get(0).id();
    d.command(new Command.CancelReboot("n2", cancelled, "ops"));
    d.tickBoots(boots, JobStatus.SUCCESS, Duration.ZERO);
    d.tickBoots(boots, JobStatus.SUCCESS, Duration.ZERO);
    Campaign running = d.stored().campaigns().get(0);
    Campaign ended = running.withId("ended").withStatus(CampaignStatus.COMPLETED, "");
    InstanceHealth health =
        new InstanceHealth(
            Map.of(
                "i1",
                new HealthRecord(
                    new Tries(1, d.stored().mtime()),
                    Tries.NONE,
                    Optional.empty(),
                    Optional.empty())),
            Map.of(),
            Map.of());
    RoundState before =
        new RoundState(
            d.stored().withCampaigns(List.of(running, ended)).withHealth(health), d.state.memory());

    RoundState after = ClockStep.across(before, step);

    MaintdState b = before.stored();
    MaintdState a = after.stored();
    assertFalse(b.reboots().cycles().isEmpty());
    for (int i = 0; i < b.reboots().cycles().size(); i++) {
      NodeCycle was = b.reboots().cycles().get(i);
      NodeCycle is = a.reboots().cycles().get(i);
      assertEquals(was.since().plus(step), is.since());
      assertEquals(was.pendingRebootSince().map(t -> t.plus(step)), is.pendingRebootSince());
      assertEquals(was.lastPoweredOn().map(t -> t.plus(step)), is.lastPoweredOn());
    }
    for (int i = 0; i < b.reboots().requests().size(); i++) {
      RebootRequest was = b.reboots().requests().get(i);
      RebootRequest is = a.reboots().requests().get(i);
      assertEquals(
          was.active() ? was.pendingRebootSince().plus(step) : was.pendingRebootSince(),
          is.pendingRebootSince(),
          was.toString());
    }
    assertEquals(2, b.reboots().requests().size());
    List<NodeProgress> nodes = a.campaigns().get(0).nodes();
    assertEquals(running.nodes().get(0).since().plus(step), nodes.get(0).since());
    assertEquals(ended, a.campaigns().get(1));
    assertFalse(b.collectors().isEmpty());
    b.collectors()
        .forEach((node, c) -> assertEquals(c.since().plus(step), a.collectors().get(node).since()));
    assertFalse(before.memory().okSince().isEmpty());
    before
        .memory()
        .okSince()
        .forEach((node, t) -> assertEquals(t.plus(step), after.memory().okSince().get(node)));
    assertEquals(before.memory().lastRound().plus(step), after.memory().lastRound());
    assertEquals(
        b.health().of("i1").restarts().last().plus(step), a.health().of("i1").restarts().last());
    assertSame(before, ClockStep.across(before, Duration.ZERO));
  }

  private void ask(String node) {
    d.command(
        new Command.RequestReboot(
            new RebootAsk(node, RebootMode.SOFT, Optional.of("k"), "test", false, false, "ops")));
  }
}
