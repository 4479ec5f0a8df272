package org.maintd.collector.fleet;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.generate.ClusterSpec;
import org.maintd.generate.GeneratedCluster;
import org.maintd.htools.HtoolsReader;

/** The nodes a fleet answers for: those of an htools text file, or of a generated cluster. */
public sealed interface FleetNodes {
  /** The nodes' names, in the cluster's order. */
  List<String> names() throws IOException;

  /** The nodes of the htools text file {@code file}. */
  record ClusterFile(Path file) implements FleetNodes {
    @Override
    public List<String> names() throws IOException {
      return namesOf(new HtoolsReader().read(Files.readString(file), "fleet"));
    }
  }

  /** The nodes of the cluster {@code spec} generates (the daemon's {@code sim.generate}). */
  record Generated(ClusterSpec spec) implements FleetNodes {
    @Override
    public List<String> names() {
      return namesOf(new HtoolsReader().read(GeneratedCluster.text(spec), "fleet"));
    }
  }

  private static List<String> namesOf(Cluster cluster) {
    return cluster.nodes().stream().map(Node::name).toList();
  }
}
