package org.maintd.daemon.backend.sim;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.maintd.cluster.Cluster;
import org.maintd.generate.ClusterSpec;
import org.maintd.generate.GeneratedCluster;
import org.maintd.htools.HtoolsReader;
import org.maintd.protocol.json.Json;
import org.maintd.rapi.RapiClusterReader;

/**
 * Loads a cluster for the simulated backend: an htools text file, or a directory holding RAPI
 * answers ({@code info.json}, {@code groups.json}, {@code nodes.json}, {@code instances.json}), or
 * generates one from a {@link ClusterSpec}.
 */
public final class ClusterSource {
  private ClusterSource() {}

  public static Cluster load(Path path) throws IOException {
    if (Files.isDirectory(path)) {
      Object info = json(path.resolve("info.json"));
      List<String> tags =
          info instanceof Map<?, ?> m && m.get("tags") instanceof List<?> l
              ? l.stream().map(String::valueOf).toList()
              : List.of();
      return new RapiClusterReader()
          .read(
              info,
              json(path.resolve("groups.json")),
              json(path.resolve("nodes.json")),
              json(path.resolve("instances.json")),
              tags);
    }
    String name = path.getFileName().toString().replaceFirst("\\.data$", "");
    return withCandidates(new HtoolsReader().read(Files.readString(path), name));
  }

  /** The cluster {@code spec} describes, named {@code generated}, with its master candidates. */
  public static Cluster generated(ClusterSpec spec) {
    return withCandidates(new HtoolsReader().read(GeneratedCluster.text(spec), "generated"));
  }

  /** Ganeti's default {@code candidate_pool_size}. */
  static final int CANDIDATE_POOL = 10;

  /**
   * The htools text format does not say which nodes are master candidates: as Ganeti does with its
   * default pool size, the master and the first online nodes up to ten in all are.
   */
  public static Cluster withCandidates(Cluster cluster) {
    int pool = (int) cluster.nodes().stream().filter(n -> n.flags().masterCandidate()).count();
    Cluster out = cluster;
    for (org.maintd.cluster.Node n : cluster.nodes()) {
      if (pool >= CANDIDATE_POOL) {
        break;
      }
      if (!n.flags().masterCandidate() && !n.offline() && !n.drained()) {
        out =
            out.withNode(
                n.name(),
                x -> x.withFlags(new org.maintd.cluster.Node.Flags(false, true, false, false)));
        pool++;
      }
    }
    return out;
  }

  private static Object json(Path file) throws IOException {
    try {
      return Json.parse(Files.readString(file));
    } catch (JsonProcessingException e) {
      throw new IOException(file + " is not valid JSON: " + e.getOriginalMessage(), e);
    }
  }
}
