package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.reboot.NodeCycle;
import org.maintd.reboot.RebootAsk;
import org.maintd.reboot.RebootMode;

/**
 * A wall clock stepped while a soft reboot has not taken effect. Told of the step, the round moves
 * the cycle's start with it: the soft reboot falls back to hard after five minutes of real time,
 * whatever the step. Not told (as before the daemon watched its clock), a step forward past the
 * soft timeout reboots the node hard at once, a second time, and a step back puts the fall-back off
 * by the step's length.
 */
class ClockStepRoundTest {
  private final StepDriver d = new StepDriver();
  private final Map<String, String> boots = Map.of("n1", "b1", "n2", "b2", "n3", "b3", "n4", "b4");

  @ParameterizedTest(name = "a step of {0} s, told: {1}: hard after {2} s of real time")
  @CsvSource({"600, true, 300", "-600, true, 300", "600, false, 10", "-600, false, 900"})
  void aSoftRebootFallsBackToHardAfterItsSoftTimeoutOfRealTime(
      long stepSeconds, boolean told, long realSeconds) {
    Duration step = Duration.ofSeconds(stepSeconds);
    d.tickBoots(boots, JobStatus.SUCCESS, Duration.ZERO);
    d.command(
        new Command.RequestReboot(
            new RebootAsk("n4", RebootMode.SOFT, Optional.empty(), "test", false, false, "ops")));
    d.tickBoots(boots, JobStatus.SUCCESS, Duration.ZERO);
    assertEquals(List.of(new Operation.RebootNode("n4", false)), submitted());
    Instant down = cycle().since();
    Instant real = d.now;
    for (int tick = 0; tick < 400; tick++) {
      Duration seen = tick == 1 ? step : Duration.ZERO;
      d.now = d.now.plus(seen);
      long elapsed = Duration.between(down, real).toSeconds();
      StepResult r = d.tickBoots(boots, JobStatus.SUCCESS, told ? seen : Duration.ZERO);
      real = real.plusSeconds(5);
      if (told && !seen.isZero()) {
        assertTrue(
            r.log().stream()
                .anyMatch(
                    l ->
                        l.text()
                            .startsWith(
                                "the wall clock stepped "
                                    + (stepSeconds > 0 ? "forward " : "back ")
                                    + Math.abs(stepSeconds)
                                    + " s")),
            r.log().toString());
      }
      List<Operation> ops = submitted();
      if (!ops.isEmpty()) {
        assertEquals(List.of(new Operation.RebootNode("n4", true)), ops);
        assertEquals(realSeconds, elapsed, "hard after this much real time");
        assertEquals(RebootMode.HARD, cycle().mode());
        return;
      }
      assertEquals(RebootMode.SOFT, cycle().mode(), "still soft at " + elapsed + " s");
    }
    throw new AssertionError("never went hard");
  }

  private NodeCycle cycle() {
    return d.stored().reboots().find("n4").orElseThrow();
  }

  private List<Operation> submitted() {
    d.carryOut();
    return d.submittedOperations();
  }
}
