package org.maintd.daemon.backend.sim;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.job.JobStatus;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Time passing in the simulated cluster, by its clock: every job whose end has come ends ({@link
 * SimJobEnd}), in the order they end, and every node whose boot is over powers on with a new boot
 * id, leaving the disks of the mirrored instances it is the secondary of to be activated again. Not
 * thread-safe: its {@link SimBackend} calls it under its own lock.
 */
final class SimTime {
  /** The backend's: a node powered on is logged as the backend always logged it. */
  private static final Logger log = LoggerFactory.getLogger(SimBackend.class);

  private final Clock clock;
  private final SimJobEnd ends;
  private final SimStore files;

  SimTime(Clock clock, SimJobEnd ends, SimStore files) {
    this.clock = clock;
    this.ends = ends;
    this.files = files;
  }

  /**
   * Whether {@code job} ends by {@code now}: its end has come, or it was submitted after {@code
   * now} (the clock was stepped back past its start: a cluster's own jobs are not held up by the
   * master's clock, so it ends rather than run a step's length longer).
   */
  private static boolean due(SimJob job, Instant now) {
    return !job.ends().isAfter(now) || job.submitted().isAfter(now);
  }

  /** {@code state} once what is due now has happened; none when nothing is due. */
  Optional<SimState> advance(SimState state) {
    Instant now = clock.instant();
    List<SimJob> due =
        state.jobs().stream()
            .filter(j -> j.status() == JobStatus.RUNNING && due(j, now))
            .sorted((a, b) -> a.ends().compareTo(b.ends()))
            .toList();
    List<String> booted =
        state.off().entrySet().stream()
            .filter(e -> !e.getValue().isAfter(now))
            .map(Map.Entry::getKey)
            .toList();
    if (due.isEmpty() && booted.isEmpty()) {
      return Optional.empty();
    }
    SimState after = state;
    for (SimJob job : due) {
      after = ends.finish(after, job);
    }
    if (!booted.isEmpty()) {
      Map<String, Instant> off = new HashMap<>(after.off());
      booted.forEach(
          n -> {
            off.remove(n);
            files.writeBootId(n);
            log.info("[node={}] powered on after its reboot", n);
          });
      after = after.withOff(off, SimDisks.staleAfterBoot(after, booted));
    }
    return Optional.of(after);
  }
}
