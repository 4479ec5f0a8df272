package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
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
import org.maintd.testing.GanetiTools;

/**
 * {@code maintctl balance -S OUT} against Ganeti's hbal on generated clusters (with exclusion and
 * location tags): hbal scores both saved clusters, and maintd's must not be worse.
 */
class BalanceGeneratedTest {
  private static final Path HBAL = Path.of("/usr/lib/ganeti/3.0/usr/bin/hbal");

  @TempDir Path tmp;

  @ParameterizedTest(name = "{0} nodes, {1} instances, seed {2}, at most {3} moves")
  @CsvSource({
    "8,40,1,-1",
    "8,40,2,-1",
    "12,80,3,-1",
    "12,80,4,-1",
    "16,120,5,-1",
    "24,200,6,20",
    "40,350,7,10"
  })
  void neverWorseThanHbal(int nodes, int instances, long seed, int maxMoves) throws Exception {
    GanetiTools.require(HBAL);
    Path file = tmp.resolve("c.data");
    Files.writeString(
        file,
        GeneratedCluster.text(
            nodes, 1, instances, seed, List.of("htools:iextags:service", "htools:nlocation:rack")));
    Path theirs = tmp.resolve("hbal");
    String limit = Integer.toString(maxMoves);
    String hbal = run(HBAL.toString(), "-t", file.toString(), "-S", theirs.toString(), "-l", limit);
    Path ours = tmp.resolve("ours.data");
    PrintStream out = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    int rc;
    try {
      System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
      rc = Maintctl.execute("balance", "-t", file.toString(), "-S", ours.toString(), "-l", limit);
    } finally {
      System.setOut(out);
    }
    String mine = captured.toString(StandardCharsets.UTF_8);
    assertEquals(0, rc, mine);
    double initial = score(file);
    double hbalScore = score(Path.of(theirs + ".balanced"));
    double ourScore = score(ours);
    assertTrue(
        ourScore <= hbalScore + 1e-8,
        "seed "
            + seed
            + ": hbal "
            + hbalScore
            + ", maintd "
            + ourScore
            + "\nhbal:\n"
            + hbal
            + "\nmaintd:\n"
            + mine);
    assertTrue(ourScore < initial || mine.contains("No solution found"), mine);
    assertTrue(mine.contains(String.format("Initial score: %.8f", initial)), mine);
  }

  private static double score(Path file) throws Exception {
    Matcher m =
        Pattern.compile("Initial score: (-?[0-9.]+)")
            .matcher(run(HBAL.toString(), "-t", file.toString(), "-l", "0"));
    assertTrue(m.find(), "hbal could not score " + file);
    return Double.parseDouble(m.group(1));
  }

  private static String run(String... args) throws Exception {
    Process p = new ProcessBuilder(args).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(600, TimeUnit.SECONDS), "hbal did not finish");
    return out;
  }
}
