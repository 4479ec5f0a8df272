package org.maintd.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maintd.cluster.Cluster;
import org.maintd.htools.HtoolsReader;

class GeneratedClusterTest {

  @Test
  void givesTheTextItGaveBeforeItMovedIntoCore() throws IOException {
    assertEquals(
        resource("nodes30-groups3-instances200-seed7.data"),
        GeneratedCluster.text(new ClusterSpec(30, 200, 3, 7)));
    assertEquals(
        resource("nodes12-groups2-instances60-seed3-iextags.data"),
        GeneratedCluster.text(new ClusterSpec(12, 60, 2, 3), List.of("htools:iextags:service")));
  }

  @Test
  void theTextIsAClusterTheHtoolsReaderReads() {
    Cluster cluster =
        new HtoolsReader().read(GeneratedCluster.text(new ClusterSpec(200, 2000, 4, 1)), "g");
    assertEquals(200, cluster.nodes().size());
    assertTrue(cluster.instances().size() > 1000, cluster.instances().size() + " instances");
    assertTrue(cluster.master().isPresent());
  }

  @ParameterizedTest
  @ValueSource(longs = {0, 1, 7, -3, 123456789L, Long.MIN_VALUE})
  void drawsWhatJavaUtilRandomDrawsFromTheSameSeed(long seed) {
    Random random = new Random(seed);
    Lcg48 lcg = new Lcg48(seed);
    for (int i = 0; i < 2000; i++) {
      int bound = 1 + i * 7919 % 1000;
      assertEquals(random.nextInt(bound), lcg.nextInt(bound), "seed " + seed + ", draw " + i);
      assertEquals(random.nextDouble(), lcg.nextDouble());
      assertEquals(random.nextGaussian(), lcg.nextGaussian());
      assertEquals(random.nextInt(1 << (i % 31)), lcg.nextInt(1 << (i % 31)));
    }
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = GeneratedClusterTest.class.getResourceAsStream("/generate/" + name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
