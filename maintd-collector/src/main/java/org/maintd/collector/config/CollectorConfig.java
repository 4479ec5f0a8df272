package org.maintd.collector.config;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The collector's configuration, every value validated. {@code node} is the name this node has
 * in the cluster; {@code diagnoseCommand} empty means the built-in diagnose that reports Ok.
 */
public record CollectorConfig(
    String node,
    String bind,
    int port,
    Path portFile,
    Path hmacKeyFile,
    boolean signReports,
    String diagnoseCommand,
    Path diagnoseDirectory,
    Duration diagnoseTimeout,
    Path repairDirectory,
    Duration repairTimeout,
    Path repairResults,
    int outputLimit,
    Path masterFile,
    Duration maxSkew,
    Path bootIdFile) {}
