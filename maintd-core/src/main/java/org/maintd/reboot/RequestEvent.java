package org.maintd.reboot;

import java.time.Instant;

/** One entry of a request's history: when (the daemon's clock), the status it came to, and why. */
public record RequestEvent(Instant at, String status, String detail) {}
