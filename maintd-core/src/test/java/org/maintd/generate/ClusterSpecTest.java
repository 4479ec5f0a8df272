package org.maintd.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ClusterSpecTest {

  @Test
  void readsEveryKey() {
    assertEquals(
        new ClusterSpec(10000, 100000, 100, 1),
        ClusterSpec.parse("nodes=10000,instances=100000,groups=100,seed=1"));
    assertEquals(
        new ClusterSpec(30, 300, 3, -4), ClusterSpec.parse(" seed=-4 , groups=3,nodes=30 "));
  }

  @Test
  void leavesOutWhatTheBenchmarksLeaveOut() {
    assertEquals(new ClusterSpec(2000, 20000, 20, 1), ClusterSpec.parse("nodes=2000"));
    assertEquals(ClusterSpec.ofNodes(50), ClusterSpec.parse("nodes=50"));
    assertEquals(1, ClusterSpec.ofNodes(50).groups());
  }

  @Test
  void writesItselfAsItIsRead() {
    ClusterSpec spec = new ClusterSpec(200, 1500, 4, 9);
    assertEquals(spec, ClusterSpec.parse(spec.toString()));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "nodes=10000,instances=100000,group=100 | 'group=100': unknown key",
        "nodes=10000;instances=5 | 'nodes=10000;instances=5' is not key=value",
        "nodes=100,,seed=1 | '' is not key=value",
        "nodes | 'nodes' is not key=value",
        "nodes=ten | 'nodes=ten': 'ten' is not a whole number",
        "nodes=1 | 'nodes=1': nodes must be 2 to 100000",
        "nodes=10,groups=11 | 'groups=11': groups must be 1 to 10",
        "nodes=10,instances=-1 | 'instances=-1': instances must be 0 to 2000000",
        "nodes=10,nodes=20 | 'nodes=20': nodes given twice",
        "instances=10 | 'nodes=N' is missing",
        "seed=99999999999999999999,nodes=5 | '99999999999999999999' is not a whole number"
      })
  void namesTheBadPart(String text, String problem) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ClusterSpec.parse(text));
    assertTrue(e.getMessage().startsWith("'" + text + "' is not a cluster spec: "), e.getMessage());
    assertTrue(e.getMessage().contains(problem), e.getMessage());
  }

  @Test
  void namesEveryBadPartAtOnce() {
    String message =
        assertThrows(
                IllegalArgumentException.class,
                () -> ClusterSpec.parse("nodes=1,groups=x,colour=red"))
            .getMessage();
    assertTrue(message.contains("'nodes=1'"), message);
    assertTrue(message.contains("'groups=x'"), message);
    assertTrue(message.contains("'colour=red'"), message);
  }
}
