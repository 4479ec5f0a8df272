package org.maintd.collector.fleet;

import java.nio.file.Path;
import java.time.Duration;

/**
 * A fleet's configuration, every value validated: its {@code nodes}; {@code addresses} loopback
 * addresses (127.1.0.1 up) all on {@code port} (0: a free port each), the nodes spread over them;
 * {@code urlFile}, where it writes each node's URL; the cluster key; {@code simDir}, where each
 * node's diagnose ({@code NODE.json}), boot id ({@code NODE.boot_id}) and busy CPUs ({@code
 * NODE.load}, over {@code cpus}) are; the master file every node reads; the repair commands'
 * whitelist, their time limit and where each node keeps its repairs ({@code repairResults/NODE}).
 */
public record FleetConfig(
    FleetNodes nodes,
    int addresses,
    int port,
    Path urlFile,
    Path hmacKeyFile,
    String hmacKeyGroup,
    Path simDir,
    int cpus,
    Path masterFile,
    Path repairDirectory,
    Duration repairTimeout,
    Path repairResults,
    int outputLimit,
    Duration maxSkew,
    int maxRequestBody,
    Duration idleTimeout) {

  /** The loopback address of the {@code i}th connector, from 0. */
  public static String address(int i) {
    return "127.1.0." + (i + 1);
  }
}
