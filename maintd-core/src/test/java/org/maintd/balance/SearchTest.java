package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maintd.cluster.Cluster;

/**
 * The search beyond hbal's local minimum: it begins with hbal's moves, never ends higher, ends
 * where its moves lead (the cluster it returns, read afresh with the moved instances' memory moved
 * along, scores what it says), keeps to {@code maxMoves}, and finds a lower score on some seeded
 * clusters within a budget of trials.
 */
class SearchTest {
  private static final int TRIALS = 60;

  /** A budget of {@code n} questions. */
  private static BooleanSupplier trials(int n) {
    int[] left = {n};
    return () -> left[0]-- > 0;
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3})
  void beginsWithHbalsMovesNeverEndsHigherAndEndsWhereItsMovesLead(long seed) {
    Cluster cluster = RandomClusters.of(12, 60, seed);
    Balancer balancer = new Balancer(cluster, Clusters.GROUP);
    BalanceResult greedy = balancer.balance(-1);
    BalanceResult found = balancer.search(greedy, -1, trials(TRIALS));
    assertTrue(found.finalScore() <= greedy.finalScore());
    assertEquals(greedy.moves(), found.moves().subList(0, greedy.moves().size()));
    assertEquals(greedy.initialScore(), found.initialScore());
    Cluster read = Clusters.withMemoryMoved(cluster, found.balanced());
    assertEquals(found.finalScore(), new Balancer(read, Clusters.GROUP).score(), 1e-9);
    if (found.moves().size() > greedy.moves().size()) {
      assertEquals(found.finalScore(), found.moves().get(found.moves().size() - 1).score(), 1e-9);
    }
  }

  @Test
  void findsALowerScoreThanHbalOnSomeClusters() {
    int lower = 0;
    for (long seed = 1; seed <= 6; seed++) {
      Cluster cluster = RandomClusters.of(12, 60, seed);
      Balancer balancer = new Balancer(cluster, Clusters.GROUP);
      BalanceResult greedy = balancer.balance(-1);
      if (balancer.search(greedy, -1, trials(TRIALS)).finalScore() < greedy.finalScore() - 1e-6) {
        lower++;
      }
    }
    assertTrue(lower >= 2, "lower on " + lower + " of 6");
  }

  @Test
  void noBudgetGivesHbalsSolution() {
    Balancer balancer = new Balancer(RandomClusters.of(12, 60, 1), Clusters.GROUP);
    BalanceResult greedy = balancer.balance(-1);
    assertEquals(greedy, balancer.search(greedy, -1, () -> false));
  }

  @Test
  void keepsToTheMostMovesAllowed() {
    for (long seed = 1; seed <= 2; seed++) {
      Balancer balancer = new Balancer(RandomClusters.of(12, 60, seed), Clusters.GROUP);
      BalanceResult greedy = balancer.balance(-1);
      int most = greedy.moves().size() + 2;
      assertTrue(balancer.search(greedy, most, trials(TRIALS)).moves().size() <= most);
    }
  }

  /**
   * The daemon's way: where no step gains enough, the first move of a lower path; the steps after
   * it follow the path, and the group ends lower than hbal leaves it.
   */
  @Test
  void theDaemonsStepsFollowAPathLowerThanHbals() {
    Cluster cluster = RandomClusters.of(12, 60, 1);
    double hbals = new Balancer(cluster, Clusters.GROUP).balance(-1).finalScore();
    Balancer daemon =
        new Balancer(cluster, Clusters.GROUP, BalanceOptions.hbal().withSearchTries(TRIALS));
    int searched = 0;
    for (int round = 0; round < 500; round++) {
      if (daemon.step(m -> true).isPresent()) {
        continue;
      }
      if (daemon.searchStep(m -> true).isEmpty()) {
        break;
      }
      searched++;
    }
    assertTrue(searched > 0, "a path was searched");
    assertTrue(daemon.score() < hbals - 1e-6, daemon.score() + " against hbal's " + hbals);
  }

  @Test
  void noSearchStepWithoutTriesNorOneTheCallerRefuses() {
    Cluster cluster = RandomClusters.of(12, 60, 1);
    Balancer plain = new Balancer(cluster, Clusters.GROUP);
    plain.balance(-1);
    assertTrue(plain.searchStep(m -> true).isEmpty());
    Balancer refused =
        new Balancer(cluster, Clusters.GROUP, BalanceOptions.hbal().withSearchTries(TRIALS));
    refused.balance(-1);
    double before = refused.score();
    assertTrue(refused.searchStep(m -> false).isEmpty());
    assertEquals(before, refused.score());
  }
}
