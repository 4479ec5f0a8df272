package org.maintd.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A step of the wall clock moves every time an instance's health record keeps (its last restart and
 * shutdown, its give-up, its disks' activation) by the step; no attempt stays no attempt, and the
 * boot ids and pending disks stay as they are.
 */
class InstanceHealthMovedTest {
  private static final Instant T0 = Instant.parse("2026-11-30T04:00:00Z");

  @ParameterizedTest
  @ValueSource(longs = {3600, -600})
  void everyTimeOfARecordMovesWithTheStep(long seconds) {
    Duration step = Duration.ofSeconds(seconds);
    HealthRecord restarting =
        new HealthRecord(
            new Tries(2, T0),
            new Tries(1, T0.plusSeconds(5)),
            Optional.of(T0),
            Optional.of(T0.plusSeconds(9)));
    HealthRecord cleanOnly =
        new HealthRecord(Tries.NONE, new Tries(3, T0), Optional.empty(), Optional.empty());
    InstanceHealth health =
        new InstanceHealth(
            Map.of("i1", restarting, "i2", cleanOnly),
            Map.of("n1", "boot-1"),
            Map.of("i3", "its secondary rebooted"));

    InstanceHealth moved = health.movedBy(step);

    assertEquals(
        new HealthRecord(
            new Tries(2, T0.plus(step)),
            new Tries(1, T0.plusSeconds(5).plus(step)),
            Optional.of(T0.plus(step)),
            Optional.of(T0.plusSeconds(9).plus(step))),
        moved.of("i1"));
    assertEquals(
        new HealthRecord(
            Tries.NONE, new Tries(3, T0.plus(step)), Optional.empty(), Optional.empty()),
        moved.of("i2"));
    assertEquals(health.bootIds(), moved.bootIds());
    assertEquals(health.pendingDisks(), moved.pendingDisks());
    assertEquals(Tries.NONE, Tries.NONE.movedBy(step));
  }
}
