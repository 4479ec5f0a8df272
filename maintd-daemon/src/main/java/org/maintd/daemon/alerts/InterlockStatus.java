package org.maintd.daemon.alerts;

/**
 * The alert interlock as the metrics show it: whether Prometheus answered its last try with alerts,
 * and how many of the alerts a round reads now hold planned work (counted by the interlock's
 * filter).
 */
public record InterlockStatus(boolean answered, int holding) {}
