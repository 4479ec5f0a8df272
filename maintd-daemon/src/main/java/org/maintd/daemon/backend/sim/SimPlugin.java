package org.maintd.daemon.backend.sim;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.backend.BackendPlugin;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.Sim;
import org.maintd.spi.BackendException;

/**
 * The {@code sim} backend from the daemon's configuration: the simulated cluster (loaded from its
 * file, or generated from its spec, the first time, then from the state directory), its powered-off
 * nodes hidden from the polls, its controls under {@code /1/sim/}, and the master role followed
 * when it moves.
 */
public final class SimPlugin {
  private SimPlugin() {}

  /** The cluster the simulation starts from: generated from its spec, or read from its file. */
  private static Cluster initial(Sim s) {
    if (s.generate().isPresent()) {
      return ClusterSource.generated(s.generate().get());
    }
    try {
      return ClusterSource.load(s.cluster());
    } catch (java.nio.file.NoSuchFileException e) {
      throw new BackendException(
          "sim.cluster: no such file "
              + s.cluster()
              + ": backend: sim (the default) simulates the cluster that file describes; on a"
              + " Ganeti cluster set backend: ganeti (docs/ganeti.md), or point sim.cluster at a"
              + " cluster file or set sim.generate",
          e);
    } catch (java.io.IOException | RuntimeException e) {
      throw new BackendException(
          "cannot load the simulated cluster " + s.cluster() + ": " + e.getMessage(), e);
    }
  }

  /** The simulated cluster's settings, from its section of the configuration. */
  public static SimSettings settings(Sim s) {
    return new SimSettings(
        s.cluster(),
        s.diagnoseDir(),
        s.operationTime(),
        s.timePerGiB(),
        s.bootTime(),
        s.masterFile());
  }

  /** Throws {@link BackendException} when the simulated cluster cannot be loaded. */
  public static BackendPlugin of(DaemonConfig config, Clock clock) {
    Sim s = config.sim();
    Path stored = config.stateDir().resolve("sim/cluster.json");
    Cluster initial = Files.exists(stored) ? null : initial(s);
    SimBackend sim = new SimBackend(stored, initial, settings(s), clock, s.shared());
    return new BackendPlugin(
        sim,
        reports -> new PoweredOffReports(reports, sim, clock),
        List.of(new SimRoutes(sim)),
        s.followMaster(),
        () -> {});
  }
}
