package org.maintd.daemon.faults;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maintd.rapi.client.RapiFailure;
import org.maintd.rapi.client.RapiWatcher;

/**
 * The cluster API's faults as the RAPI exchanges show them ({@link BackendSighting}): a request
 * that failed or answered slowly raises its fault at once; a fault clears at the first good answer
 * once no request has shown it for {@code quiet} (two poll intervals: a whole tick without it), so
 * that a share of failures keeps it raised rather than flapping it at every tick. Thread-safe.
 */
public final class BackendFaults implements RapiWatcher {
  private static final List<FaultKind> KINDS =
      List.of(
          FaultKind.BACKEND_UNREACHABLE, FaultKind.BACKEND_ANSWERS_WRONG, FaultKind.BACKEND_SLOW);

  private final Faults faults;
  private final Duration slowAnswer;
  private final Duration quiet;
  private final Clock clock;
  private final Map<FaultKind, Instant> lastSeen = new EnumMap<>(FaultKind.class);

  /**
   * Raises into {@code faults}: an answer slower than {@code slowAnswer} is slow; a fault not seen
   * for {@code quiet} clears at the next good answer.
   */
  public BackendFaults(Faults faults, Duration slowAnswer, Duration quiet, Clock clock) {
    this.faults = faults;
    this.slowAnswer = slowAnswer;
    this.quiet = quiet;
    this.clock = clock;
  }

  @Override
  public void answered(String call, Duration took) {
    seen(BackendSighting.ofAnswer(call, took, slowAnswer));
  }

  @Override
  public void failed(String call, RapiFailure failure, Duration took) {
    seen(BackendSighting.ofFailure(call, failure));
  }

  private void seen(BackendSighting sighting) {
    if (sighting instanceof BackendSighting.Fault f) {
      synchronized (this) {
        lastSeen.put(f.kind(), clock.instant());
      }
      faults.raise(f.kind(), f.detail());
    } else if (sighting instanceof BackendSighting.Good) {
      KINDS.stream().filter(this::quietFor).forEach(faults::clear);
    } else if (!(sighting instanceof BackendSighting.Nothing)) {
      throw new IllegalStateException("no such sighting: " + sighting);
    }
  }

  private synchronized boolean quietFor(FaultKind kind) {
    Optional<Instant> last = Optional.ofNullable(lastSeen.get(kind));
    return last.map(t -> !clock.instant().isBefore(t.plus(quiet))).orElse(true);
  }
}
