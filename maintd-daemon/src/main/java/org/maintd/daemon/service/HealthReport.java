package org.maintd.daemon.service;

import java.time.Instant;
import java.util.List;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.api.PartHealth;
import org.maintd.protocol.api.Times;

/**
 * The daemon's health from its parts': {@code FAILED} when one failed, {@code STARTING} while one
 * has not started, {@code STOPPING} once one stops, else {@code RUNNING}. Stateless.
 */
public final class HealthReport {
  private HealthReport() {}

  public static HealthView of(List<Part> parts, String leader, Instant lastTick, String lastError) {
    List<PartHealth> each = parts.stream().map(Part::health).toList();
    String failure =
        parts.stream()
            .filter(p -> p.state() == PartState.FAILED)
            .map(p -> p.name() + ": " + p.cause())
            .findFirst()
            .orElse("");
    return new HealthView(
        overall(parts),
        leader,
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
