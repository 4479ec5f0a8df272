package org.maintd.htools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.Node;
import org.maintd.testing.Resources;

class HtoolsReaderTest {
  /** Ganeti's own htools reject this file: it names an unknown node. */
  private static final String REJECTED_BY_GANETI = "invalid-node.data";

  private final HtoolsReader reader = new HtoolsReader();
  private final HtoolsWriter writer = new HtoolsWriter();

  static Stream<String> acceptedByGaneti() {
    return Resources.files("htools", ".data").stream().filter(f -> !f.equals(REJECTED_BY_GANETI));
  }

  @ParameterizedTest
  @MethodSource("acceptedByGaneti")
  void everyGanetiTestClusterLoadsAndWritesBackToTheSameModel(String file) {
    String text = Resources.text("htools/" + file);
    Cluster first = reader.read(text, file);
    Cluster again = reader.read(writer.write(first), file);
    assertEquals(first, again, file);
    assertEquals(nonEmptyLines(text, 1), first.nodes().size(), file + ": node count");
    assertEquals(nonEmptyLines(text, 2), first.instances().size(), file + ": instance count");
  }

  /** Lines of one section, counted independently of the reader: sections end at an empty line. */
  private static long nonEmptyLines(String text, int section) {
    int current = 0;
    long count = 0;
    for (String line : text.split("\n", -1)) {
      if (line.isEmpty()) {
        current++;
      } else if (current == section) {
        count++;
      }
    }
    return count;
  }

  @Test
  void rejectsAnInstanceOnAnUnknownNodeAsGanetiDoes() {
    HtoolsFormatException e =
        assertThrows(
            HtoolsFormatException.class,
            () -> reader.read(Resources.text("htools/" + REJECTED_BY_GANETI), "x"));
    assertTrue(
        e.getMessage().contains("Unknown node 'no-such-node' for instance new-0"), e.getMessage());
  }

  @Test
  void readsEveryFieldOfNodesAndInstances() {
    Cluster c = reader.read(Resources.text("htools/hbal-cpu-speed.data"), "speed");
    Node fast = c.node("node-fast").orElseThrow();
    assertEquals(1600, fast.resources().memTotal());
    assertEquals(1400, fast.resources().memFree());
    assertEquals(96000, fast.resources().diskFree());
    assertEquals(3.0, fast.resources().cpuSpeed());
    assertEquals(8, fast.resources().spindles());
    assertTrue(c.node("node-slow").orElseThrow().master());
    Cluster online = reader.read(Resources.text("htools/hroller-online.data"), "online");
    Instance i = online.instance("new-1").orElseThrow();
    assertEquals(DiskTemplate.DRBD, i.diskTemplate());
    assertEquals("node-01-003", i.primary());
    assertEquals("node-01-002", i.secondary());
    assertEquals(InstanceStatus.running, i.status());
    assertEquals(
        2, reader.read(Resources.text("htools/hbal-forth.data"), "forth").policies().size());
  }

  @Test
  void eachNodeGetsAUuidOfItsNameTheSameAtEveryRead() {
    Cluster c = reader.read(Resources.text("htools/hbal-cpu-speed.data"), "speed");
    Cluster again = reader.read(Resources.text("htools/hbal-cpu-speed.data"), "speed");
    Set<String> uuids = new HashSet<>();
    for (Node n : c.nodes()) {
      UUID.fromString(n.uuid());
      assertEquals(n.uuid(), again.node(n.name()).orElseThrow().uuid());
      uuids.add(n.uuid());
    }
    assertEquals(c.nodes().size(), uuids.size(), "one uuid per node");
    assertEquals(HtoolsReader.nodeUuid("node-fast"), c.node("node-fast").orElseThrow().uuid());
  }

  @Test
  void unknownResourcesMakeANodeOfflineWithNothingFree() {
    String text =
        "g|u1|preferred|\n\nn1|?|0|?|100|100|4|N|u1\nn2|1024|0|512|100|100|4|M|u1\n\n\n\n";
    Cluster c = reader.read(text, "q");
    Node n1 = c.node("n1").orElseThrow();
    assertTrue(n1.offline());
    assertEquals(0, n1.resources().memTotal());
    assertFalse(c.node("n2").orElseThrow().offline());
  }

  @Test
  void aSingleEmptyLineBeforePoliciesMakesThemClusterTagsAsInGanetiData() {
    Cluster c = reader.read(Resources.text("htools/hroller-full.data"), "full");
    assertTrue(c.policies().isEmpty());
    assertFalse(c.tags().isEmpty());
  }

  @Test
  void namesTheLineAndFieldOfBadInput() {
    assertMessage("g|u1|sometimes|\n\n\n\n", "group line 1: unknown allocation policy 'sometimes'");
    assertMessage(
        "g|u1|preferred|\n\nn1|lots|0|1|1|1|1|N|u1\n\n\n",
        "node line 1: total memory is not an integer: 'lots'");
    assertMessage(
        "g|u1|preferred|\n\nn1|1|0|1|1|1|1|N|u9\n\n\n", "node line 1: unknown group uuid 'u9'");
    assertMessage(
        "g|u1|preferred|\n\nn1|1|0|1|1|1|1|N|u1\n\ni1|1|1|1|running|Y|n1||floppy|\n\n",
        "instance line 1: unknown disk template 'floppy'");
    assertMessage(
        "g|u1|preferred|\n\nn1|1|0|1|1|1|1|N|u1\n\ni1|1|1|1|dancing|Y|n1||plain|\n\n",
        "instance line 1: unknown instance status 'dancing'");
    assertMessage(
        "g|u1|preferred|\n\nn1|1|0|1|1|1|1|N|u1\n\ni1|1|1|1|running|Y|n1|n1|drbd|\n\n",
        "same primary and secondary");
    assertMessage("g|u1|preferred|\n\nn1|1|0|1|1|1|1|N|u1\n", "expected at least 4 sections");
    assertMessage(
        "g|u1|preferred|\n\nn1|1|0\n\n\n", "node line 1: has 3 fields, at least 9 are needed");
  }

  private void assertMessage(String text, String expected) {
    HtoolsFormatException e =
        assertThrows(HtoolsFormatException.class, () -> reader.read(text, "bad"));
    assertTrue(
        e.getMessage().contains(expected), "expected '" + expected + "' in: " + e.getMessage());
  }

  @Test
  void writesDrainedNodesOfflineBecauseTheFormatHasNoDrainedRole() {
    Cluster c = reader.read(Resources.text("htools/hroller-online.data"), "online");
    Cluster drained = c.withNode("node-01-001", n -> n.withFlags(n.flags().withDrained(true)));
    Cluster back = reader.read(writer.write(drained), "online");
    assertTrue(back.node("node-01-001").orElseThrow().offline());
    assertEquals(
        List.of("node-01-001", "node-01-002", "node-01-003", "node-01-004"),
        back.nodes().stream().map(Node::name).toList());
  }
}
