package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.function.Predicate;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The table of moves kept between steps chooses, at every step of a whole balancing run, exactly
 * the move that trying every move of every instance afresh in hbal's order chooses, with the same
 * score to the last bit: what it keeps, what it forgets after a move, and what its bounds rule out
 * change nothing.
 */
class MoveTableTest {
  private static final MoveKind[] INTERNAL = {
    MoveKind.REPLACE_SECONDARY,
    MoveKind.REPLACE_AND_FAILOVER,
    MoveKind.REPLACE_PRIMARY,
    MoveKind.FAILOVER_AND_REPLACE
  };

  static LongStream seeds() {
    return LongStream.rangeClosed(1, 26);
  }

  static LongStream fewerSeeds() {
    return LongStream.rangeClosed(1, 10);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void everyStepMakesTheMoveThatTryingEveryMoveAfreshMakes(long seed) {
    int nodes = 4 + (int) (seed % 9);
    BalanceModel model =
        BalanceModel.of(RandomClusters.of(nodes, nodes * 6, seed), Clusters.GROUP, options(seed));
    int steps = 0;
    while (true) {
      Candidate expected = scanAll(model, c -> true);
      Optional<Candidate> actual = model.bestMove();
      String why = "seed " + seed + ", step " + steps;
      if (expected == null) {
        assertTrue(actual.isEmpty(), why + ": the table found " + actual);
        break;
      }
      assertTrue(actual.isPresent(), why + ": the table found nothing, a scan " + expected);
      assertEquals(show(expected), show(actual.get()), why);
      assertEquals(expected.score(), actual.get().score(), 0.0, why);
      model.apply(actual.get());
      steps++;
    }
    assertTrue(steps > 0 || seed % 5 == 0, "seed " + seed + " made no move at all");
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("fewerSeeds")
  void aStepThatAllowsSomeMovesMakesTheBestOfThem(long seed) {
    BalanceModel model =
        BalanceModel.of(RandomClusters.of(8, 48, seed), Clusters.GROUP, BalanceOptions.hbal());
    Predicate<Candidate> oddTargets = c -> c.target() % 2 == 1;
    for (int step = 0; step < 10; step++) {
      Candidate expected = scanAll(model, oddTargets);
      Optional<Candidate> actual = model.bestMove(oddTargets);
      assertEquals(
          expected == null ? "none" : show(expected),
          actual.map(MoveTableTest::show).orElse("none"),
          "seed " + seed + ", step " + step);
      if (actual.isEmpty()) {
        break;
      }
      model.apply(actual.get());
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("fewerSeeds")
  void aStepKeptOffBusyNodesMakesTheBestMoveThatTouchesNoneOfThem(long seed) {
    BalanceModel model =
        BalanceModel.of(RandomClusters.of(10, 60, seed), Clusters.GROUP, BalanceOptions.hbal());
    Random rnd = new Random(seed);
    int moved = 0;
    int steered = 0;
    for (int step = 0; step < 12; step++) {
      boolean[] busy = new boolean[model.nodes().length];
      for (int n = 0; n < busy.length; n++) {
        busy[n] = rnd.nextInt(4) == 0;
      }
      Predicate<Candidate> untouched =
          c ->
              !busy[c.instance().primary]
                  && (c.instance().secondary < 0 || !busy[c.instance().secondary])
                  && !busy[c.target()];
      Candidate expected = scanAll(model, untouched);
      Optional<Candidate> free = model.bestMove();
      Optional<Candidate> actual = model.bestMove(busy, c -> true);
      String why = "seed " + seed + ", step " + step;
      assertEquals(
          expected == null ? "none" : show(expected),
          actual.map(MoveTableTest::show).orElse("none"),
          why);
      actual.ifPresent(c -> assertEquals(expected.score(), c.score(), 0.0, why));
      steered += free.map(MoveTableTest::show).equals(actual.map(MoveTableTest::show)) ? 0 : 1;
      if (actual.isPresent()) {
        model.apply(actual.get());
        moved++;
      }
    }
    assertTrue(moved > 0, "seed " + seed + " made no move");
    assertTrue(steered > 0, "seed " + seed + ": the busy nodes never changed the move");
  }

  /** Varied switches: every fifth seed evacuates, every seventh ignores soft errors. */
  private static BalanceOptions options(long seed) {
    BalanceOptions o = BalanceOptions.hbal().withMinGain(0).withMinGainLimit(0);
    return o.withEvacMode(seed % 5 == 0)
        .withIgnoreSoftErrors(seed % 7 == 0)
        .withDiskMoves(seed % 11 != 0)
        .withInstanceMoves(seed % 13 != 0);
  }

  /**
   * Every move of every instance tried on the nodes as they are, scored from the sums as they are,
   * in hbal's order; the lowest, the first of equals, that {@code allowed} accepts.
   */
  private static Candidate scanAll(BalanceModel model, Predicate<Candidate> allowed) {
    Moves moves = model.moves();
    ScoreSums sums = model.sums();
    Candidate best = null;
    double bound = sums.score();
    for (BalanceInstance i : model.instances()) {
      if (!moves.movable(i)) {
        continue;
      }
      for (Candidate c : candidates(model, i)) {
        if (c.score() < bound && allowed.test(c)) {
          best = c;
          bound = c.score();
        }
      }
    }
    return best;
  }

  private static List<Candidate> candidates(BalanceModel model, BalanceInstance i) {
    List<Candidate> out = new ArrayList<>();
    add(model, i, MoveKind.FAILOVER, i.secondary, out);
    for (int t : model.onlineNodes()) {
      if (t == i.primary || t == i.secondary) {
        continue;
      }
      if (i.mirror == BalanceInstance.Mirror.INTERNAL) {
        for (MoveKind kind : INTERNAL) {
          add(model, i, kind, t, out);
        }
      } else {
        add(model, i, MoveKind.FAILOVER_TO_ANY, t, out);
      }
    }
    return out;
  }

  private static void add(
      BalanceModel model, BalanceInstance i, MoveKind kind, int t, List<Candidate> out) {
    if (!model.moves().allows(i, kind)) {
      return;
    }
    NodeState[] changed = model.moves().trial(i, kind, t);
    if (changed == null) {
      return;
    }
    double[] delta = new double[ScoreSums.WIDTH];
    Map<String, Integer> pairs = model.sums().delta(model.nodes(), changed, delta, 0);
    out.add(new Candidate(i, kind, t, model.sums().scoreWith(delta, pairs)));
  }

  private static String show(Candidate c) {
    return c.instance().instance.name() + " " + c.kind() + " " + c.target();
  }
}
