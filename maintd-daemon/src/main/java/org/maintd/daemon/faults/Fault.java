package org.maintd.daemon.faults;

import java.time.Instant;

/** A fault that lasts: its kind, what the daemon saw, and since when. */
public record Fault(FaultKind kind, String detail, Instant since) {}
