package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.round.StepDriver.allOk;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.job.Operation;
import org.maintd.maintenance.Schedule;

/**
 * {@code maintctl down} counts, against the safety caps (one node of the group at a time), the
 * nodes that jobs of the round under way take out of service before the cluster shows them out (a
 * window's drain, another machine's down) and the machines taken down earlier in the same command.
 */
class MachineCapsRoundTest {
  private final StepDriver d = new StepDriver();
  private final Instant soon = StepDriver.T0.plus(Duration.ofMinutes(30));
  private final Instant nextWeek = StepDriver.T0.plus(Duration.ofDays(7));

  private Reply run(Command c) {
    d.command(c);
    return d.reply();
  }

  private Reply down(String node) {
    return run(new Command.MachinesDown(List.of(node), true, "ops"));
  }

  private List<Operation> submitted() {
    return StepDriver.submits(d.last).stream().flatMap(j -> j.operations().stream()).toList();
  }

  @Test
  void aWindowsDrainNotYetRunHoldsAnotherMachinesForcedDownAtTheCap() {
    d.tick(allOk());
    run(
        new Command.PostSchedule(
            new Schedule(
                List.of(
                    StepDriver.window(soon, false, "n2"),
                    StepDriver.window(nextWeek, false, "n4"))),
            "ops"));
    d.tick(allOk());
    assertEquals(List.of(Operation.SetNodeFlags.drain("n2")), submitted());
    d.carryOut();

    Reply.Refused refused = assertInstanceOf(Reply.Refused.class, down("n4"));
    assertTrue(refused.message().contains("n2"), refused.message());
    assertEquals(List.of(), submitted(), "nothing taken down");
  }

  @Test
  void aMachinesDownNotYetRunHoldsTheNextOneAtTheCap() {
    d.tick(allOk());
    run(
        new Command.PostSchedule(
            new Schedule(List.of(StepDriver.window(nextWeek, false, "n3", "n4"))), "ops"));
    assertInstanceOf(Reply.AfterEffects.class, down("n4"));
    assertEquals(List.of(Operation.SetNodeFlags.offline("n4")), submitted());
    d.carryOut();

    Reply.Refused refused = assertInstanceOf(Reply.Refused.class, down("n3"));
    assertTrue(refused.message().contains("n4"), refused.message());
  }

  @Test
  void twoMachinesTakenDownByOneCommandAreRefusedTogetherAtTheCap() {
    d.tick(allOk());
    run(
        new Command.PostSchedule(
            new Schedule(List.of(StepDriver.window(nextWeek, false, "n3", "n4"))), "ops"));
    Reply.Refused refused =
        assertInstanceOf(
            Reply.Refused.class, run(new Command.MachinesDown(List.of("n3", "n4"), true, "ops")));
    assertTrue(refused.message().contains("n3"), refused.message());
    assertEquals(List.of(), submitted(), "nothing taken down");
  }
}
