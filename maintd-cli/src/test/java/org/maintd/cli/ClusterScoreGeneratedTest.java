package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.balance.ClusterScore;
import org.maintd.cluster.Cluster;
import org.maintd.htools.HtoolsReader;
import org.maintd.testing.GanetiTools;

/**
 * The cluster score against Ganeti's hbal on generated clusters, with exclusion and location tags:
 * the same initial score for a node group.
 */
class ClusterScoreGeneratedTest {
  private static final Path HBAL = Path.of("/usr/lib/ganeti/3.0/usr/bin/hbal");

  @TempDir Path tmp;

  @ParameterizedTest(name = "{0} nodes, {1} groups, seed {3}")
  @CsvSource({"20,1,150,1", "60,2,600,2", "100,2,1000,3", "300,3,3000,4"})
  void theScoreIsHbals(int nodes, int groups, int instances, long seed) throws Exception {
    GanetiTools.require(HBAL);
    String text =
        GeneratedCluster.text(
            nodes,
            groups,
            instances,
            seed,
            List.of("htools:iextags:service", "htools:nlocation:rack"));
    Path file = tmp.resolve("c.data");
    Files.writeString(file, text);
    Process p =
        new ProcessBuilder(HBAL.toString(), "-t", file.toString(), "-G", "group-01", "-l", "0")
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(120, TimeUnit.SECONDS);
    Matcher m = Pattern.compile("Initial score: (-?[0-9.]+)").matcher(out);
    assertEquals(true, m.find(), out);
    Cluster c = new HtoolsReader().read(text, "generated");
    double ours = new ClusterScore().score(c, "uuid-group-01");
    double theirs = Double.parseDouble(m.group(1));
    assertEquals(theirs, ours, 1e-6 * Math.max(1, theirs), "seed " + seed);
  }
}
