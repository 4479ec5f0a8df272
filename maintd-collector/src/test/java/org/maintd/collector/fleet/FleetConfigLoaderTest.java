package org.maintd.collector.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maintd.config.ConfigException;
import org.maintd.generate.ClusterSpec;

/** A fleet's file: the sample reads, the nodes come from exactly one source, bad values named. */
class FleetConfigLoaderTest {

  @Test
  void readsTheSampleFile() {
    FleetConfig c = new FleetConfigLoader().load(Path.of("..", "etc", "demo", "fleet.yaml"));
    assertEquals(new FleetNodes.ClusterFile(Path.of("/etc/maintd/demo/cluster.data")), c.nodes());
    assertEquals(16, c.addresses());
    assertEquals(16, c.cpus());
  }

  @Test
  void generatesTheNodesOfASpec() {
    FleetConfig c = new FleetConfigLoader().bind("t", Map.of("generate", "nodes=300,seed=2"));
    assertEquals(new FleetNodes.Generated(new ClusterSpec(300, 3000, 3, 2)), c.nodes());
    assertEquals(300, ((FleetNodes.Generated) c.nodes()).names().size());
  }

  @Test
  void refusesBothSourcesOrNone() {
    assertEquals(
        List.of("generate: cannot be given with cluster: remove one of them"),
        problems(Map.of("generate", "nodes=3", "cluster", "/x")));
    assertEquals(
        List.of("cluster: is missing: give the cluster's htools file, or generate"),
        problems(Map.of()));
  }

  @Test
  void namesEachBadValueWithItsKey() {
    List<String> p = problems(Map.of("generate", "nodes=x", "addresses", 99, "colour", "red"));
    assertTrue(p.stream().anyMatch(x -> x.startsWith("generate: 'nodes=x'")), p.toString());
    assertTrue(p.stream().anyMatch(x -> x.startsWith("addresses: ")), p.toString());
    assertTrue(p.contains("colour: unknown key"), p.toString());
  }

  private static List<String> problems(Map<String, Object> yaml) {
    return assertThrows(ConfigException.class, () -> new FleetConfigLoader().bind("t", yaml))
        .problems();
  }
}
