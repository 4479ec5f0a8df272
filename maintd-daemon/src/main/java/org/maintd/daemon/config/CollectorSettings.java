package org.maintd.daemon.config;

import java.time.Duration;
import java.util.Map;

/** The {@code collector} section: how collectors are reached and trusted. Immutable. */
public record CollectorSettings(
    String urlTemplate,
    Map<String, String> urls,
    Duration timeout,
    Duration repairTimeout,
    boolean allowUnsigned,
    Duration maxSkew) {}
