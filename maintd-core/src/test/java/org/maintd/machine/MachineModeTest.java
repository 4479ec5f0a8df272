package org.maintd.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.testing.ClusterBuilder;

/** A machine's mode as its node's flags show it, and as the state writes it. */
class MachineModeTest {
  @ParameterizedTest
  @CsvSource({"false,false,UP", "true,false,DRAIN", "false,true,DOWN", "true,true,DOWN"})
  void theFlagsShowTheMode(boolean drained, boolean offline, MachineMode mode) {
    Cluster c = new ClusterBuilder().node("n1", "g", 1024, 1024, false).build();
    Node n =
        c.withNode("n1", x -> x.withFlags(x.flags().withDrained(drained).withOffline(offline)))
            .nodes()
            .get(0);
    assertEquals(mode, MachineMode.of(n));
  }

  @Test
  void parsedByItsNameOnly() {
    for (MachineMode m : MachineMode.values()) {
      assertEquals(m, MachineMode.parse(m.name()));
    }
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> MachineMode.parse("down"));
    assertTrue(e.getMessage().contains("'down'"), e.getMessage());
  }
}
