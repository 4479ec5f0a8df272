package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.maintd.round.StepDriver.cluster;
import static org.maintd.round.StepDriver.ok;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * When the snapshot the step remembers was read: at the step given it, kept by the steps given none
 * (commands, outcomes), none before the first.
 */
class ClusterReadTest {
  @Test
  void aSnapshotIsReadAtTheStepGivenItAndKeptByTheStepsGivenNone() {
    StepDriver d = new StepDriver();
    assertEquals(Optional.empty(), d.state.memory().clusterRead());
    d.tick(Map.of("n1", ok()));
    assertEquals(Optional.of(StepDriver.T0), d.state.memory().clusterRead());
    d.take(Inputs.commands(null, List.of(), List.of()));
    assertEquals(Optional.of(StepDriver.T0), d.state.memory().clusterRead(), "a step without one");
    d.take(Inputs.commands(cluster(), List.of(), List.of()));
    assertEquals(
        Optional.of(StepDriver.T0.plusSeconds(10)),
        d.state.memory().clusterRead(),
        "a command step that had to read one");
  }
}
