package org.maintd.spi;

import java.time.Instant;
import org.maintd.incident.Observation;

/**
 * What polling one node's collector gave: the observation for the incident lifecycle, the
 * collector's health ({@code ok}, {@code collector-error}, {@code rejected}, {@code unreachable}),
 * a detail for operators, the time of the poll, the node's boot id from a verified report (empty
 * when unknown), and its load when it was asked for.
 */
public record CollectorReading(
    String node,
    Observation observation,
    String health,
    String detail,
    Instant at,
    String bootId,
    LoadReading load) {
  public CollectorReading {
    bootId = bootId == null ? "" : bootId;
  }

  public CollectorReading(
      String node,
      Observation observation,
      String health,
      String detail,
      Instant at,
      String bootId) {
    this(node, observation, health, detail, at, bootId, LoadReading.notAsked());
  }

  public CollectorReading(
      String node, Observation observation, String health, String detail, Instant at) {
    this(node, observation, health, detail, at, "");
  }

  /** The same reading with the node's {@code load}. */
  public CollectorReading withLoad(LoadReading load) {
    return new CollectorReading(node, observation, health, detail, at, bootId, load);
  }
}
