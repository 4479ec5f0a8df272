package org.maintd.htools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.cluster.Cluster;
import org.maintd.testing.GanetiTools;
import org.maintd.testing.Resources;

/**
 * Ganeti's own loader as the oracle: what the writer produces is accepted by the real {@code hinfo}
 * (Debian's ganeti-htools-3.0, which .ci/run installs) with the same numbers of nodes, instances
 * and groups. Test I/O only; the writer itself does none.
 */
class GanetiOracleTest {
  static final Path HINFO = Path.of("/usr/lib/ganeti/3.0/usr/bin/hinfo");

  static Stream<String> files() {
    return HtoolsReaderTest.acceptedByGaneti();
  }

  @ParameterizedTest
  @MethodSource("files")
  void ganetisHinfoAcceptsWhatTheWriterWrites(String file, @TempDir Path dir) throws Exception {
    GanetiTools.require(HINFO);
    Cluster c = new HtoolsReader().read(Resources.text("htools/" + file), file);
    Path written = dir.resolve(file);
    Files.writeString(written, new HtoolsWriter().write(c));
    String out = run(written);
    String expected =
        "Loaded "
            + count(c.nodes().size(), "node")
            + ", "
            + count(c.instances().size(), "instance")
            + ", "
            + count(c.groups().size(), "node group");
    assertTrue(out.contains(expected), "hinfo said: " + out);
  }

  private static String count(int n, String what) {
    return n + " " + what + (n == 1 ? "" : "s");
  }

  private static String run(Path file) throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder(HINFO.toString(), "-t", file.toString())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    return out;
  }
}
