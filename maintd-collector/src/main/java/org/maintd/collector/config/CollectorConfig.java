package org.maintd.collector.config;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The collector's configuration, every value validated. {@code node} is the name this node has in
 * the cluster; {@code diagnoseCommand} empty means the built-in diagnose that reports Ok; {@code
 * maxRequestBody} bounds what is read of a request, {@code idleTimeout} how long a connection may
 * stay silent; {@code hmacKeyGroup} (empty: none) may read the key file besides its owner. Its
 * single-value withers ({@code withNode}, ...) are generated.
 */
@RecordBuilder
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
    Path bootIdFile,
    int maxRequestBody,
    Duration idleTimeout,
    String hmacKeyGroup)
    implements CollectorConfigBuilder.With {

  public static final int DEFAULT_MAX_REQUEST_BODY = 256 * 1024;
  public static final Duration DEFAULT_IDLE_TIMEOUT = Duration.ofSeconds(30);
}
