package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.cluster.Cluster;
import org.maintd.htools.HtoolsReader;
import org.maintd.htools.HtoolsWriter;
import org.maintd.testing.GanetiTools;

/**
 * Ganeti's hbal against maintd's balancer on every {@code hbal-*.data} cluster of Ganeti's test
 * data: both balance the first node group and save the result ({@code hbal -S}, {@link
 * HtoolsWriter}); hbal itself scores both saved clusters ({@code hbal -t OUT}); maintd's score must
 * not be worse. Where hbal fails to save its result (it crashes on instances split across groups),
 * maintd's must not be worse than the cluster as it was.
 */
class BalancerDifferentialTest {
  static final Path HBAL = ClusterScoreOracleTest.HBAL;

  @TempDir Path tmp;

  static Stream<String> files() throws Exception {
    Path dir = Path.of(BalancerDifferentialTest.class.getResource("/htools").toURI());
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("hbal-") && n.endsWith(".data"))
          .sorted()
          .toList()
          .stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("files")
  void neverWorseThanHbal(String name) throws Exception {
    GanetiTools.require(HBAL);
    Path file = Path.of(getClass().getResource("/htools/" + name).toURI());
    Cluster cluster = new HtoolsReader().read(Files.readString(file), name);
    String group = cluster.groups().get(0).name();
    Path theirs = tmp.resolve("hbal");
    String hbal = run(HBAL.toString(), "-t", file.toString(), "-G", group, "-S", theirs.toString());
    assumeTrue(
        Files.exists(Path.of(theirs + ".balanced")), "hbal does not balance " + name + ": " + hbal);
    BalanceResult ours = new Balancer(cluster, cluster.groups().get(0).uuid()).balance(-1);
    Path mine = tmp.resolve("ours.data");
    Files.writeString(mine, new HtoolsWriter().write(ours.balanced()));
    Path saved = Path.of(theirs + ".balanced");
    double hbalScore =
        hbal.contains("hbal: ") ? initialScore(file, group) : initialScore(saved, group);
    double ourScore = initialScore(mine, group);
    assertTrue(
        ourScore <= hbalScore + 1e-8,
        name
            + ": hbal's saved cluster scores "
            + hbalScore
            + ", maintd's "
            + ourScore
            + "\nhbal:\n"
            + hbal
            + "maintd: "
            + ours.moves());
  }

  static double initialScore(Path file, String group) throws Exception {
    String out = run(HBAL.toString(), "-t", file.toString(), "-G", group, "-l", "0");
    Matcher m = Pattern.compile("Initial score: (-?[0-9.]+)").matcher(out);
    assertTrue(m.find(), "hbal could not score " + file + ": " + out);
    return Double.parseDouble(m.group(1));
  }

  static String run(String... args) throws Exception {
    Process p =
        new ProcessBuilder(new ArrayList<>(List.of(args))).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(300, TimeUnit.SECONDS), "hbal did not finish");
    return out;
  }
}
