package org.maintd.spi;

import java.time.Instant;
import org.maintd.incident.Observation;

/**
 * What polling one node's collector gave: the observation for the incident lifecycle, the
 * collector's health ({@code ok}, {@code collector-error}, {@code rejected}, {@code
 * unreachable}), a detail for operators and the time of the poll.
 */
public record CollectorReading(String node, Observation observation, String health, String detail, Instant at) {}
