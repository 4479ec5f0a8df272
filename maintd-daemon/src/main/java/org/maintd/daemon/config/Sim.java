package org.maintd.daemon.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.maintd.generate.ClusterSpec;

/**
 * The simulated backend: where its cluster comes from, where node diagnose files (and boot ids)
 * live, how long operations and reboots take, the file the simulated nodes read as their master
 * (null: none), and whether this daemon follows the master role when it moves (the simulated nodes
 * all live in this process, so the daemon of the new master is this one), and whether several
 * daemons share it (a leader and its standbys: the file is read again under a lock when another has
 * changed it); {@code generate}: a cluster generated from a spec instead of read from {@code
 * cluster}. Immutable.
 */
public record Sim(
    Path cluster,
    Path diagnoseDir,
    Duration operationTime,
    Duration timePerGiB,
    Duration bootTime,
    Path masterFile,
    boolean followMaster,
    boolean shared,
    Optional<ClusterSpec> generate) {
  public Sim(Path cluster, Path diagnoseDir, Duration operationTime, Duration timePerGiB) {
    this(
        cluster,
        diagnoseDir,
        operationTime,
        timePerGiB,
        Duration.ofSeconds(5),
        null,
        true,
        false,
        Optional.empty());
  }
}
