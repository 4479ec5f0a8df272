package org.maintd.daemon.backend.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.cluster.Cluster;
import org.maintd.htools.HtoolsFormatException;

class ClusterSourceTest {
  @Test
  void loadsAFolderOfRealRapiAnswers() throws Exception {
    Cluster c = ClusterSource.load(Path.of(getClass().getResource("/rapi-sandbox").toURI()));
    assertEquals("cluster.gnt.test", c.name());
    assertEquals(3, c.nodes().size());
    assertEquals(4, c.instances().size());
    assertEquals("node1.gnt.test", c.master().orElseThrow().name());
  }

  @Test
  void loadsTheDemoClusterInHtoolsFormat() throws Exception {
    Cluster c = ClusterSource.load(Path.of("..", "etc", "demo", "cluster.data"));
    assertEquals(13, c.nodes().size());
    assertEquals(3, c.groups().size());
    assertEquals(33, c.instances().size());
    assertTrue(c.node("node13").orElseThrow().offline(), "the demo's dead node");
    assertTrue(
        c.instance("inst31")
            .orElseThrow()
            .tags()
            .contains("ganeti:watcher:autorepair:fix-storage"));
  }

  @Test
  void badInputIsAClearError(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("info.json"), "{\"name\": ");
    IOException e = assertThrows(IOException.class, () -> ClusterSource.load(dir));
    assertTrue(e.getMessage().contains("info.json is not valid JSON"), e.getMessage());
    Files.writeString(dir.resolve("x.data"), "only one section\n");
    assertThrows(HtoolsFormatException.class, () -> ClusterSource.load(dir.resolve("x.data")));
  }
}
