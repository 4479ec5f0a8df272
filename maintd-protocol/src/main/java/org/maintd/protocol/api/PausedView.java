package org.maintd.protocol.api;

/**
 * {@code /1/paused}: whether automatic actions are paused, why, and the storm the last poll showed
 * (empty: none).
 */
public record PausedView(boolean paused, String reason, String storm) {}
