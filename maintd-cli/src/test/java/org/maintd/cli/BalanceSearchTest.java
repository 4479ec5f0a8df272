package org.maintd.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.testing.GanetiTools;

/**
 * {@code maintctl balance --search} against hbal on generated clusters: the moves begin with
 * hbal's, and hbal scores the cluster maintctl saves no higher than the one it saves itself, here
 * strictly lower; without the switch, or with {@code --search 0}, the moves are hbal's.
 */
class BalanceSearchTest {
  @TempDir Path tmp;

  @ParameterizedTest(name = "{0} nodes, {1} instances, seed {2}")
  @CsvSource({"8, 80, 1", "10, 60, 3"})
  void endsLowerThanHbalAsHbalScoresIt(int nodes, int instances, long seed) throws Exception {
    GanetiTools.require(HbalRuns.HBAL);
    Path file = tmp.resolve("c.data");
    Files.writeString(file, GeneratedCluster.text(nodes, 1, instances, seed));
    List<String> args = List.of("-t", file.toString(), "-G", "group-01");
    HbalRuns.Run theirs = HbalRuns.hbal(with(args, "-S", tmp.resolve("theirs").toString()));
    HbalRuns.Run ours =
        HbalRuns.maintctl(with(args, "--search", "5", "-S", tmp.resolve("ours").toString()));
    assertEquals(0, ours.rc(), ours.err());
    assertEquals(shown(theirs.moves()), shown(ours.moves()).subList(0, theirs.moves().size()));
    double hbals = rescored(tmp.resolve("theirs.balanced"));
    double found = rescored(tmp.resolve("ours"));
    assertTrue(found < hbals - 1e-6, "hbal scores " + found + " against its own " + hbals);
    assertTrue(ours.err().contains("Search: score "), ours.err());
    HbalRuns.Run none = HbalRuns.maintctl(with(args, "--search", "0"));
    assertEquals(shown(theirs.moves()), shown(none.moves()));
  }

  private static List<String> shown(List<String> moves) {
    return moves.stream().map(HbalRuns::withoutScore).toList();
  }

  /** The score hbal gives a saved cluster. */
  private static double rescored(Path file) throws Exception {
    return HbalRuns.hbal(List.of("-t", file.toString(), "-G", "group-01", "-l", "0"))
        .initialScore();
  }

  private static List<String> with(List<String> args, String... more) {
    List<String> out = new java.util.ArrayList<>(args);
    out.addAll(List.of(more));
    return out;
  }
}
