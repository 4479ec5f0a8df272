package org.maintd.rapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.testing.Resources;

class RapiClusterReaderTest {
  private final RapiClusterReader reader = new RapiClusterReader();

  private Cluster load(String folder) {
    return reader.read(
        Resources.json(folder + "/info.json"),
        Resources.json(folder + "/groups.json"),
        Resources.json(folder + "/nodes.json"),
        Resources.json(folder + "/instances.json"),
        List.of("t1"));
  }

  @Test
  void readsARealGaneti30Cluster() {
    Cluster c = load("rapi/sandbox");
    assertEquals("cluster.gnt.test", c.name());
    assertEquals(3, c.nodes().size());
    assertEquals(4, c.instances().size());
    assertEquals("node1.gnt.test", c.master().orElseThrow().name());
    Node n1 = c.node("node1.gnt.test").orElseThrow();
    assertEquals(24105, n1.resources().memTotal());
    assertEquals(22803, n1.resources().memFree());
    assertEquals(81107, n1.resources().diskFree());
    assertEquals("default", c.groupByUuid(n1.group()).orElseThrow().name());
    Instance file = c.instance("inst4.gnt.test").orElseThrow();
    assertEquals(DiskTemplate.FILE, file.diskTemplate());
    assertEquals(128, file.memory());
    assertEquals(List.of("t1"), c.tags());
  }

  @Test
  void readsGanetisRapiTestDataWithDrbdSecondaries() {
    Cluster c = load("rapi/testsuite");
    assertFalse(c.nodes().isEmpty());
    List<Instance> drbd =
        c.instances().stream().filter(i -> i.diskTemplate() == DiskTemplate.DRBD).toList();
    assertFalse(drbd.isEmpty());
    assertTrue(drbd.stream().allMatch(Instance::hasSecondary));
    for (Instance i : c.instances()) {
      assertTrue(c.node(i.primary()).isPresent(), i.name());
    }
  }

  @Test
  void namesTheFieldThatIsWrong() {
    Object info = Map.of("name", "c", "master", "n1");
    Object node = Map.of("name", "n1", "group.uuid", "g", "mtotal", "lots");
    RapiFormatException e =
        assertThrows(
            RapiFormatException.class,
            () -> reader.read(info, List.of(), List.of(node), List.of(), List.of()));
    assertTrue(e.getMessage().contains("'mtotal' is not a number"), e.getMessage());
    Object inst =
        Map.of("name", "i1", "pnode", "n9", "status", "running", "disk_template", "plain");
    Object okNode = Map.of("name", "n1", "group.uuid", "g");
    e =
        assertThrows(
            RapiFormatException.class,
            () -> reader.read(info, List.of(), List.of(okNode), List.of(inst), List.of()));
    assertTrue(e.getMessage().contains("instance i1 refers to unknown node n9"), e.getMessage());
    e =
        assertThrows(
            RapiFormatException.class,
            () -> reader.read(info, List.of(), Map.of(), List.of(), List.of()));
    assertTrue(e.getMessage().contains("bulk=1"), e.getMessage());
  }
}
