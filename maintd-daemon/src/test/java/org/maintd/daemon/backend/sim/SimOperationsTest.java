package org.maintd.daemon.backend.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.htools.HtoolsReader;
import org.maintd.job.Operation;

/**
 * The repairs of instances that have no secondary, as the simulated cluster carries them out: a
 * shared-storage instance fails over or migrates to any node and still has no secondary; a file
 * instance's disks are recreated on a new node, where it is reinstalled.
 */
class SimOperationsTest {
  private final SimOperations ops = new SimOperations();

  /** n2 holds instance i of {@code template}, 2048 MiB; n3 has 12288 MiB free memory. */
  private static Cluster cluster(String template, String status) {
    String text =
        String.join(
            "\n",
            "default|g-uuid|preferred||",
            "",
            "n1|16384|1024|15360|200000|200000|8|M|g-uuid|1||N|0|8|1.0",
            "n2|16384|1024|12288|200000|150000|8|N|g-uuid|1||N|0|8|1.0",
            "n3|16384|1024|12288|200000|150000|8|N|g-uuid|1||N|0|8|1.0",
            "",
            "i|2048|10000|1|" + status + "|Y|n2||" + template + "||1|-|N",
            "",
            "",
            "");
    return new HtoolsReader().read(text + "\n", "sim");
  }

  private static Cluster offline(Cluster c, String node) {
    return c.withNode(node, n -> n.withFlags(n.flags().withOffline(true)));
  }

  private static Cluster drained(Cluster c, String node) {
    return c.withNode(node, n -> n.withFlags(n.flags().withDrained(true)));
  }

  private static long memFree(Cluster c, String node) {
    return c.node(node).orElseThrow().resources().memFree();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"sharedfile", "blockdev", "rbd", "ext", "gluster"})
  void aSharedStorageInstanceFailsOverFromAnOfflinePrimaryToAnyNode(String template) {
    Cluster after =
        ops.apply(
            offline(cluster(template, "running"), "n2"), new Operation.Failover("i", "n2", "n3"));
    Instance i = after.instance("i").orElseThrow();
    assertEquals(List.of("n3", ""), List.of(i.primary(), i.secondary()));
    assertEquals(12288 - 2048, memFree(after, "n3"));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"sharedfile", "blockdev", "rbd", "ext", "gluster"})
  void aRunningSharedStorageInstanceMigratesOffADrainedPrimary(String template) {
    Cluster after =
        ops.apply(
            drained(cluster(template, "running"), "n2"), new Operation.Migrate("i", "n2", "n3"));
    Instance i = after.instance("i").orElseThrow();
    assertEquals(List.of("n3", ""), List.of(i.primary(), i.secondary()));
    assertEquals(
        List.of(12288 + 2048L, 12288 - 2048L), List.of(memFree(after, "n2"), memFree(after, "n3")));
  }

  @Test
  void aStoppedSharedStorageInstanceIsFailedOverWithoutMemoryAndCannotBeMigrated() {
    Cluster c = drained(cluster("rbd", "ADMIN_down"), "n2");
    Cluster after = ops.apply(c, new Operation.Failover("i", "n2", "n3"));
    assertEquals("n3", after.instance("i").orElseThrow().primary());
    assertEquals(12288, memFree(after, "n3"));
    SimFailure e =
        assertThrows(SimFailure.class, () -> ops.apply(c, new Operation.Migrate("i", "n2", "n3")));
    assertTrue(e.getMessage().contains("is not running"), e.getMessage());
  }

  @Test
  void aSharedStorageInstanceIsNotHandedOverToADrainedNode() {
    Cluster c = drained(offline(cluster("sharedfile", "running"), "n2"), "n3");
    SimFailure e =
        assertThrows(SimFailure.class, () -> ops.apply(c, new Operation.Failover("i", "n2", "n3")));
    assertEquals("Target node n3 is drained", e.getMessage());
  }

  @Test
  void aFileInstanceOnAnOfflinePrimaryIsRecreatedOnANewNodeAndReinstalledThere() {
    Cluster c = offline(cluster("file", "running"), "n2");
    Cluster recreated = ops.apply(c, new Operation.RecreateDisks("i", "n2", "", List.of("n3")));
    Cluster after = ops.apply(recreated, new Operation.Reinstall("i", "n3"));
    Instance i = after.instance("i").orElseThrow();
    assertEquals(List.of("n3", ""), List.of(i.primary(), i.secondary()));
    assertEquals(150000 - 10000, after.node("n3").orElseThrow().resources().diskFree());
    assertThrows(
        SimFailure.class,
        () -> ops.apply(c, new Operation.Reinstall("i", "n2")),
        "not reinstalled on its offline primary");
  }
}
