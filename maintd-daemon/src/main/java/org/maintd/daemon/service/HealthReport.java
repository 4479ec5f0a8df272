package org.maintd.daemon.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.protocol.api.FaultView;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.api.PartHealth;
import org.maintd.protocol.api.Times;

/**
 * The daemon's health from its parts': {@code FAILED} when one failed, {@code STARTING} while one
 * has not started, {@code STOPPING} once one stops; when all run, the first {@link Holdup} that
 * keeps it from its work, else {@code STANDBY} when another daemon leads, else {@code RUNNING}.
 * Stateless.
 */
public final class HealthReport {
  private HealthReport() {}

  /** Who leads: whether this daemon does, the leader's URL, the master node acted for. */
  public record Leading(boolean leads, String leaderUrl, String master) {}

  /**
   * Something that keeps a daemon whose parts all run from doing its work: the state it then shows
   * ({@code STATE_UNREADABLE}, ...), and why.
   */
  public record Holdup(String state, String reason) {}

  /**
   * The health of {@code parts}, with {@code waiting} (the parts only a leader runs, shown as
   * {@code STANDBY}) after them, and the {@code faults} the daemon sees around it.
   */
  public static HealthView of(
      List<Part> parts,
      List<PartHealth> waiting,
      Leading leading,
      Instant lastTick,
      String lastError,
      List<Holdup> holdups,
      List<String> warnings,
      List<FaultView> faults) {
    List<PartHealth> each = new ArrayList<>(parts.stream().map(Part::health).toList());
    each.addAll(waiting);
    String failure =
        parts.stream()
            .filter(p -> p.state() == PartState.FAILED)
            .map(p -> p.name() + ": " + p.cause())
            .findFirst()
            .orElse("");
    String overall = overall(parts);
    Optional<Holdup> held = held(overall, holdups);
    String state = state(overall, leading.leads(), held);
    String error = !failure.isEmpty() ? failure : held.map(Holdup::reason).orElse(lastError);
    return new HealthView(
        state,
        leading.leads(),
        leading.leaderUrl(),
        leading.master(),
        Times.secondsOrNull(lastTick),
        error,
        each,
        warnings,
        faults);
  }

  /**
   * The state {@link #of} tells, and only it: what the metrics show, without the parts' details.
   */
  public static String state(List<Part> parts, boolean leads, List<Holdup> holdups) {
    String overall = overall(parts);
    return state(overall, leads, held(overall, holdups));
  }

  private static String state(String overall, boolean leads, Optional<Holdup> held) {
    return held.map(Holdup::state)
        .orElse(overall.equals("RUNNING") && !leads ? "STANDBY" : overall);
  }

  /** The holdup that keeps a daemon whose parts all run ({@code overall}) from its work, if any. */
  private static Optional<Holdup> held(String overall, List<Holdup> holdups) {
    return overall.equals("RUNNING") && !holdups.isEmpty()
        ? Optional.of(holdups.get(0))
        : Optional.empty();
  }

  private static String overall(List<Part> parts) {
    boolean starting = parts.isEmpty();
    boolean stopping = false;
    for (Part p : parts) {
      PartState state = p.state();
      if (state == PartState.FAILED) {
        return "FAILED";
      }
      starting |= state == PartState.NEW || state == PartState.STARTING;
      stopping |= state == PartState.STOPPING || state == PartState.TERMINATED;
    }
    return starting ? "STARTING" : stopping ? "STOPPING" : "RUNNING";
  }
}
