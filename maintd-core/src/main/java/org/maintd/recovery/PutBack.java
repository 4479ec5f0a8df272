package org.maintd.recovery;

import java.util.Optional;
import org.maintd.cluster.Node;
import org.maintd.job.JobStatus;
import org.maintd.machine.MachineUp;
import org.maintd.spi.JobTrace;

/**
 * Why an incident with jobs and no outcome tag is over: its node was put back in service after them
 * (an {@code up} job of maintd's that succeeded, later in the queue than every job of the
 * incident), or, for an evacuation, every job succeeded and the node is online and undrained again.
 * It was completed or failed, acknowledged (its tag removed) and its node put back: were it rebuilt
 * as pending, its node would be evacuated again. Pure.
 */
final class PutBack {
  private PutBack() {}

  /**
   * Why the incident of evidence {@code e} and action {@code action} on {@code node} is over; empty
   * when neither holds, or when it is tagged or held.
   */
  static Optional<String> why(Evidence e, TracedAction action, Node node, Traces traces) {
    if (e.tag().isPresent() || e.jobs().isEmpty() || e.held()) {
      return Optional.empty();
    }
    Optional<JobTrace> up =
        traces.jobs().stream()
            .filter(j -> j.status() == JobStatus.SUCCESS)
            .filter(
                j ->
                    TraceKey.of(j.reason())
                        .map(k -> k.key().startsWith(MachineUp.upKeyPrefix(node.name())))
                        .orElse(false))
            .filter(j -> e.jobs().stream().allMatch(mine -> later(j.id(), mine)))
            .findFirst();
    if (up.isPresent()) {
      return Optional.of(
          node.name() + " was put back in service after its jobs (job " + up.get().id() + ")");
    }
    if (action.evacuation() && e.failures().isEmpty() && !node.offline() && !node.drained()) {
      return Optional.of(
          "every job of it succeeded and "
              + node.name()
              + " is online and undrained again: it was repaired, acknowledged and put back");
    }
    return Optional.empty();
  }

  /** Whether job {@code a} was submitted after job {@code b}, by their ids (numbers in a queue). */
  static boolean later(String a, String b) {
    try {
      return Long.parseLong(a) > Long.parseLong(b);
    } catch (NumberFormatException e) {
      return a.compareTo(b) > 0;
    }
  }
}
