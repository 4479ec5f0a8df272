package org.maintd.daemon.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;

/** The daemon's configuration, every value validated; see {@code etc/maintd.yaml}. */
public record DaemonConfig(
    String node,
    String bind,
    int port,
    Path stateDir,
    String store,
    String backend,
    Path hmacKeyFile,
    Path usersFile,
    Duration pollInterval,
    Duration roundDelay,
    SafetyCaps caps,
    StormGuard storm,
    boolean harep,
    boolean balance,
    double balanceThreshold,
    Collector collector,
    Sim sim) {

  /** How collectors are reached and trusted. */
  public record Collector(
      String urlTemplate, Map<String, String> urls, Duration timeout, Duration repairTimeout,
      boolean allowUnsigned, Duration maxSkew) {}

  /**
   * The simulated backend: where its cluster comes from, where node diagnose files (and boot ids)
   * live, how long operations and reboots take, the file the simulated nodes read as their master
   * (null: none), and whether this daemon follows the master role when it moves (the simulated
   * nodes all live in this process, so the daemon of the new master is this one).
   */
  public record Sim(Path cluster, Path diagnoseDir, Duration operationTime, Duration timePerGiB, Duration bootTime,
      Path masterFile, boolean followMaster) {
    public Sim(Path cluster, Path diagnoseDir, Duration operationTime, Duration timePerGiB) {
      this(cluster, diagnoseDir, operationTime, timePerGiB, Duration.ofSeconds(5), null, true);
    }
  }

  public DaemonConfig withOverrides(Integer newPort, String newBind) {
    return new DaemonConfig(node, newBind != null ? newBind : bind, newPort != null ? newPort : port,
        stateDir, store, backend, hmacKeyFile, usersFile, pollInterval, roundDelay, caps, storm, harep, balance, balanceThreshold, collector, sim);
  }
}
