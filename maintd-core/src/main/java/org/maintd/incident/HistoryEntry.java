package org.maintd.incident;

import java.time.Instant;

/** One transition of an incident: when, to which status (or event), and why. */
public record HistoryEntry(Instant at, String event, String reason) {}
