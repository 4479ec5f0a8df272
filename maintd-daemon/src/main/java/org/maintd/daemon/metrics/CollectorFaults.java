package org.maintd.daemon.metrics;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.daemon.faults.FaultKind;
import org.maintd.daemon.faults.Faults;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.runner.RunnerListener;
import org.maintd.round.StepResult;
import org.maintd.spi.CollectorReading;

/**
 * {@link FaultKind#COLLECTORS_UNREACHABLE} from each poll: the collectors that did not answer, of
 * the nodes maintd expects to answer ({@link CollectorsDown#expectedOff}: a node offline, DOWN in
 * the schedule or rebooting for maintd is expected not to), counted and named; cleared at the first
 * poll where all of them answered. Thread-safe.
 */
public final class CollectorFaults implements RunnerListener {
  private final Faults faults;
  private volatile Optional<DaemonView> last = Optional.empty();

  public CollectorFaults(Faults faults) {
    this.faults = faults;
  }

  @Override
  public void stepped(StepResult result, DaemonView published) {
    last = Optional.of(published);
  }

  @Override
  public void polled(Duration took, Map<String, CollectorReading> readings) {
    Optional<DaemonView> view = last;
    List<String> down =
        readings.values().stream()
            .filter(r -> r.health().equals("unreachable"))
            .map(CollectorReading::node)
            .filter(
                node ->
                    view.map(v -> !CollectorsDown.expectedOff(node, v.state(), v.cluster()))
                        .orElse(true))
            .sorted()
            .toList();
    faults.set(
        FaultKind.COLLECTORS_UNREACHABLE,
        !down.isEmpty(),
        down.size()
            + " of "
            + readings.size()
            + " collectors did not answer the last poll: "
            + String.join(", ", down));
  }
}
