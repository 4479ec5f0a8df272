package org.maintd.spi;

import java.time.Instant;
import java.util.Optional;
import org.maintd.incident.Observation;

/**
 * What polling one node's collector gave: the observation for the incident lifecycle, the
 * collector's health ({@code ok}, {@code collector-error}, {@code rejected}, {@code unreachable}),
 * a detail for operators, the time of the poll, the node's boot id from a verified report (empty
 * when unknown), its load when it was asked for, and when the collector made the report it answered
 * with, by its own clock (empty when it did not say, or gave none).
 */
public record CollectorReading(
    String node,
    Observation observation,
    String health,
    String detail,
    Instant at,
    String bootId,
    LoadReading load,
    Optional<Instant> reported) {
  public CollectorReading {
    bootId = bootId == null ? "" : bootId;
    reported = reported == null ? Optional.empty() : reported;
  }

  public CollectorReading(
      String node,
      Observation observation,
      String health,
      String detail,
      Instant at,
      String bootId) {
    this(node, observation, health, detail, at, bootId, LoadReading.notAsked(), Optional.empty());
  }

  public CollectorReading(
      String node, Observation observation, String health, String detail, Instant at) {
    this(node, observation, health, detail, at, "");
  }

  /** The same reading with the node's {@code load}. */
  public CollectorReading withLoad(LoadReading load) {
    return new CollectorReading(node, observation, health, detail, at, bootId, load, reported);
  }

  /** The same reading of a report the collector made at {@code made}. */
  public CollectorReading reportedAt(Instant made) {
    return new CollectorReading(
        node, observation, health, detail, at, bootId, load, Optional.of(made));
  }
}
