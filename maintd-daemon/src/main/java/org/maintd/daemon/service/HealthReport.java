package org.maintd.daemon.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
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
   * {@code STANDBY}) after them.
   */
  public static HealthView of(
      List<Part> parts,
      List<PartHealth> waiting,
      Leading leading,
      Instant lastTick,
      String lastError,
      List<Holdup> holdups,
      List<String> warnings) {
    List<PartHealth> each = new ArrayList<>(parts.stream().map(Part::health).toList());
    each.addAll(waiting);
    String failure =
        parts.stream()
            .filter(p -> p.state() == PartState.FAILED)
            .map(p -> p.name() + ": " + p.cause())
            .findFirst()
            .orElse("");
    String overall = overall(parts);
    boolean running = overall.equals("RUNNING");
    Holdup held = running && !holdups.isEmpty() ? holdups.get(0) : null;
    String state = held != null ? held.state() : running && !leading.leads() ? "STANDBY" : overall;
    String error = !failure.isEmpty() ? failure : held != null ? held.reason() : lastError;
    return new HealthView(
        state,
        leading.leads(),
        leading.leaderUrl(),
        leading.master(),
        Times.secondsOrNull(lastTick),
        error,
        each,
        warnings);
  }

  private static String overall(List<Part> parts) {
    if (parts.stream().anyMatch(p -> p.state() == PartState.FAILED)) {
      return "FAILED";
    }
    if (parts.isEmpty()
        || parts.stream()
            .anyMatch(p -> p.state() == PartState.NEW || p.state() == PartState.STARTING)) {
      return "STARTING";
    }
    if (parts.stream()
        .anyMatch(p -> p.state() == PartState.STOPPING || p.state() == PartState.TERMINATED)) {
      return "STOPPING";
    }
    return "RUNNING";
  }
}
