package org.maintd.daemon.config;

import java.util.Optional;
import org.maintd.config.ConfigSection;
import org.maintd.generate.ClusterSpec;

/**
 * The key {@code sim.generate} of {@code maintd.yaml}: a cluster to generate ({@code
 * nodes=10000,instances=100000,groups=100,seed=1}, see {@link ClusterSpec}) instead of reading
 * {@code sim.cluster}. A bad spec is told with its key and every bad part; both keys at once are
 * refused. Stateless.
 */
final class SimSection {
  private SimSection() {}

  static Optional<ClusterSpec> generate(ConfigSection sim) {
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
