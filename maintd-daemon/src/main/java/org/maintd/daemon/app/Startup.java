package org.maintd.daemon.app;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.maintd.balance.BalanceOptions;
import org.maintd.balance.InstanceLookup;
import org.maintd.cluster.Instance;
import org.maintd.cluster.NodeNameIndex;
import org.maintd.daemon.backend.BackendPlugin;
import org.maintd.daemon.backend.ganeti.GanetiPlugin;
import org.maintd.daemon.backend.sim.SimPlugin;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.ZooKeeper;
import org.maintd.daemon.faults.Faults;
import org.maintd.daemon.http.ApiTls;
import org.maintd.daemon.leader.Leadership;
import org.maintd.daemon.service.Part;
import org.maintd.daemon.zookeeper.ChrootAcls;
import org.maintd.daemon.zookeeper.ZooKeeperIdentity;
import org.maintd.daemon.zookeeper.tls.TlsRefused;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.KeyFiles;
import org.maintd.spi.BackendException;
import org.maintd.spi.ClusterBackend;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a start reads and checks before anything runs, each refusal a {@link StartupException} with
 * the exit code it means: the key, the backend, the API's certificate, the ZooKeeper credentials,
 * the collectors' URLs, the instances balancing names, and a part that does not start; then what
 * the running daemon says first.
 */
final class Startup {
  private static final Logger log = LoggerFactory.getLogger(Startup.class);

  private Startup() {}

  static HmacKey key(DaemonConfig config) {
    try {
      return KeyFiles.read(config.hmacKeyFile(), config.hmacKeyGroup());
    } catch (IllegalArgumentException e) {
      throw new StartupException(ExitCodes.USAGE, "hmacKeyFile: " + e.getMessage());
    }
  }

  /**
   * The backend plugged in: the simulated cluster or Ganeti's RAPI. A file the configuration names
   * that does not exist is the configuration's fault (exit code 2: no restart would help); any
   * other failure is the backend's (1).
   */
  static BackendPlugin plugin(DaemonConfig config, Faults faults, Clock clock) {
    try {
      return switch (config.backend()) {
        case SIM -> SimPlugin.of(config, clock);
        case GANETI -> GanetiPlugin.of(config, faults, clock);
      };
    } catch (BackendException e) {
      boolean missingFile = e.getCause() instanceof java.nio.file.NoSuchFileException;
      throw new StartupException(missingFile ? ExitCodes.USAGE : ExitCodes.FAILURE, e.getMessage());
    }
  }

  /** The API's TLS, when configured; a certificate or key that cannot be used refuses the start. */
  static Optional<SslContextFactory.Server> apiTls(DaemonConfig config) {
    if (!config.http().https()) {
      return Optional.empty();
    }
    try {
      return Optional.of(ApiTls.of(config.http().certificate(), config.http().key()));
    } catch (IllegalArgumentException e) {
      throw new StartupException(ExitCodes.USAGE, e.getMessage());
    }
  }

  /** Who maintd is to ZooKeeper; a credentials file that cannot be used refuses the start. */
  static ZooKeeperIdentity zooKeeperIdentity(ZooKeeper settings) {
    try {
      return ZooKeeperIdentity.of(settings);
    } catch (IllegalArgumentException e) {
      throw new StartupException(ExitCodes.USAGE, e.getMessage());
    }
  }

  /** Every node named in {@code collector.urls} is a node of the cluster. */
  static void checkCollectorUrls(DaemonConfig config, ClusterBackend backend) {
    Set<String> nodes = backend.snapshot().nodesByName().keySet();
    NodeNameIndex index = new NodeNameIndex(List.copyOf(nodes));
    for (String named : config.collector().urls().keySet()) {
      if (index.find(named).isEmpty()) {
        throw new StartupException(
            ExitCodes.USAGE,
            "collector.urls."
                + named
                + ": no node "
                + named
                + " in the cluster (its nodes: "
                + String.join(", ", new TreeSet<>(nodes))
                + ")");
      }
    }
  }

  /**
   * Every name in {@code balance.selectInstances} and {@code balance.excludeInstances} names an
   * instance of the cluster as hbal looks it up (see {@link InstanceLookup}), as {@code maintctl
   * balance} requires; names that do not refuse the start with their key.
   */
  static void checkBalanceInstances(DaemonConfig config, ClusterBackend backend) {
    BalanceOptions b = config.balancing();
    if (b.selectInstances().isEmpty() && b.excludeInstances().isEmpty()) {
      return;
    }
    List<String> instances = backend.snapshot().instances().stream().map(Instance::name).toList();
    refuseUnknown("balance.selectInstances", instances, b.selectInstances());
    refuseUnknown("balance.excludeInstances", instances, b.excludeInstances());
  }

  private static void refuseUnknown(String key, List<String> instances, List<String> names) {
    List<String> unknown = InstanceLookup.unknown(instances, names);
    if (!unknown.isEmpty()) {
      throw new StartupException(
          ExitCodes.USAGE,
          key
              + ": no instance "
              + String.join(", ", unknown)
              + " in the cluster (a name is an instance's, or the part of one instance's before"
              + " its first dot)");
    }
  }

  /**
   * Starts {@code part}, translating a refused leadership or chroot into the exit code it means.
   */
  static void start(Part part) {
    try {
      part.start();
    } catch (Leadership.Refused e) {
      throw new StartupException(
          e.reason() == Leadership.Refused.Reason.NOT_MASTER
              ? ExitCodes.NOT_MASTER
              : ExitCodes.FAILURE,
          e.getMessage());
    } catch (ChrootAcls.Refused | TlsRefused e) {
      throw new StartupException(ExitCodes.USAGE, e.getMessage());
    } catch (StartupException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new StartupException(ExitCodes.FAILURE, part.name() + ": " + e.getMessage());
    }
  }

  /** Says the daemon runs, and warns loudly when it accepts unsigned reports. */
  static void announce(DaemonConfig config, int port) {
    if (config.collector().allowUnsigned()) {
      log.warn(
          "collector.allowUnsigned is true: UNSIGNED REPORTS ARE ACCEPTED; anyone who can reach this daemon's"
              + " pollers can forge node reports");
    }
    log.info(
        "maintd running on node {}: API on {}://{}:{}, polling every {} ms",
        config.node(),
        config.http().https() ? "https" : "http",
        config.bind(),
        port,
        config.pollInterval().toMillis());
  }
}
