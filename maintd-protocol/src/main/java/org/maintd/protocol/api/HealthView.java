package org.maintd.protocol.api;

/** {@code /1/health}: the round loop's state ({@code STARTING}, {@code RUNNING}, {@code FAILED}), its last tick, its last error. */
public record HealthView(String state, Double last_tick, String last_error) {}
