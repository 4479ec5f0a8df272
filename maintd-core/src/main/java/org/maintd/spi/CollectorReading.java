package org.maintd.spi;

import java.time.Instant;
import org.maintd.incident.Observation;

/**
 * What polling one node's collector gave: the observation for the incident lifecycle, the
 * collector's health ({@code ok}, {@code collector-error}, {@code rejected}, {@code unreachable}),
 * a detail for operators, the time of the poll, and the node's boot id from a verified report
 * (empty when unknown).
 */
public record CollectorReading(
    String node, Observation observation, String health, String detail, Instant at, String bootId) {
  public CollectorReading {
    bootId = bootId == null ? "" : bootId;
  }

  public CollectorReading(
      String node, Observation observation, String health, String detail, Instant at) {
    this(node, observation, health, detail, at, "");
  }
}
