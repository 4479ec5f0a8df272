package org.maintd.daemon.service;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.api.PartHealth;
import org.maintd.protocol.api.Times;

/**
 * The daemon's health from its parts': {@code FAILED} when one failed, {@code STARTING} while one
 * has not started, {@code STOPPING} once one stops, {@code STANDBY} when all run but another daemon
 * leads, else {@code RUNNING}. Stateless.
 */
public final class HealthReport {
  private HealthReport() {}

  /** Who leads: whether this daemon does, the leader's URL, the master node acted for. */
  public record Leading(boolean leads, String leaderUrl, String master) {}

  /**
   * The health of {@code parts}, with {@code waiting} (the parts only a leader runs, shown as
   * {@code STANDBY}) after them.
   */
  public static HealthView of(
      List<Part> parts,
      List<PartHealth> waiting,
      Leading leading,
      Instant lastTick,
      String lastError) {
    List<PartHealth> each = new ArrayList<>(parts.stream().map(Part::health).toList());
    each.addAll(waiting);
    String failure =
        parts.stream()
            .filter(p -> p.state() == PartState.FAILED)
            .map(p -> p.name() + ": " + p.cause())
            .findFirst()
            .orElse("");
    String overall = overall(parts);
    return new HealthView(
        overall.equals("RUNNING") && !leading.leads() ? "STANDBY" : overall,
        leading.leads(),
        leading.leaderUrl(),
        leading.master(),
        Times.secondsOrNull(lastTick),
        failure.isEmpty() ? lastError : failure,
        each);
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
