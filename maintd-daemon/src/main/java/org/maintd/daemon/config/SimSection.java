package org.maintd.daemon.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.maintd.config.ConfigSection;
import org.maintd.generate.ClusterSpec;

/**
 * The keys of the {@code sim} section of {@code maintd.yaml}: where the simulated cluster comes
 * from, its diagnose files, its times, its master file and how daemons share it; and {@code
 * sim.generate}: a cluster to generate ({@code nodes=10000,instances=100000,groups=100,seed=1}, see
 * {@link ClusterSpec}) instead of reading {@code sim.cluster}. A bad spec is told with its key and
 * every bad part; both keys at once are refused. Stateless.
 */
final class SimSection {
  private SimSection() {}

  /** The section {@code s}; the diagnose files default to a directory in {@code stateDir}. */
  static Sim read(ConfigSection s, Path stateDir) {
    return new Sim(
        s.path("cluster", "/etc/maintd/demo/cluster.data"),
        s.path("diagnoseDir", stateDir.resolve("sim/diagnose").toString()),
        s.duration("operationTime", Duration.ofSeconds(1), Duration.ZERO),
        s.duration("timePerGiB", Duration.ZERO, Duration.ZERO),
        s.duration("bootTime", Duration.ofSeconds(5), Duration.ZERO),
        s.optionalPath("masterFile"),
        s.bool("followMaster", true),
        s.bool("shared", false),
        generate(s));
  }

  private static Optional<ClusterSpec> generate(ConfigSection sim) {
    String text = sim.string("generate", "");
    if (text.isBlank()) {
      return Optional.empty();
    }
    if (sim.keys().contains("cluster")) {
      sim.problem(
          "generate",
          "cannot be given with sim.cluster: the simulated cluster is either read from a file"
              + " (sim.cluster) or generated (sim.generate), remove one of them");
    }
    try {
      return Optional.of(ClusterSpec.parse(text));
    } catch (IllegalArgumentException e) {
      sim.problem("generate", e.getMessage());
      return Optional.empty();
    }
  }
}
