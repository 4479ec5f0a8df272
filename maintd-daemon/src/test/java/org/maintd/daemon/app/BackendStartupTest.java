package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.DaemonConfigLoader;
import org.maintd.daemon.faults.Faults;

/**
 * How a backend that cannot be plugged in refuses the start: a simulated cluster whose file is not
 * there is the configuration's fault (exit code 2, which the unit does not restart), and says what
 * to set instead; a file that is there but unreadable as a cluster is the backend's (1).
 */
class BackendStartupTest {
  @TempDir Path dir;

  DaemonConfig simOn(Path cluster) throws Exception {
    Path file = dir.resolve("maintd.yaml");
    Files.writeString(
        file, "stateDir: " + dir.resolve("state") + "\nsim:\n  cluster: " + cluster + "\n");
    return new DaemonConfigLoader().load(file, List.of());
  }

  @Test
  void aSimulatedClusterFileThatIsNotThereIsAConfigurationError() throws Exception {
    Path missing = dir.resolve("demo/cluster.data");
    StartupException e =
        assertThrows(
            StartupException.class,
            () -> Startup.plugin(simOn(missing), new Faults(Clock.systemUTC()), Clock.systemUTC()));
    assertEquals(ExitCodes.USAGE, e.exitCode());
    assertEquals(
        "sim.cluster: no such file "
            + missing
            + ": backend: sim (the default) simulates the cluster that file describes; on a"
            + " Ganeti cluster set backend: ganeti (docs/ganeti.md), or point sim.cluster at a"
            + " cluster file or set sim.generate",
        e.getMessage());
  }

  @Test
  void aSimulatedClusterFileThatIsNoClusterIsTheBackendsFailure() throws Exception {
    Path garbage = Files.writeString(dir.resolve("cluster.data"), "not a cluster\n");
    StartupException e =
        assertThrows(
            StartupException.class,
            () -> Startup.plugin(simOn(garbage), new Faults(Clock.systemUTC()), Clock.systemUTC()));
    assertEquals(ExitCodes.FAILURE, e.exitCode());
  }
}
