package org.maintd.round;

/**
 * A job of the round closed by a step, for the metrics: whose (incident, harep, balance, campaign,
 * machine), its first operation, how it ended.
 */
public record FinishedJob(String owner, String kind, String result) {}
