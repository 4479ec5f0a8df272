package org.maintd.balance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The bounds of a spread's change never exceed the change itself, however a move's change splits
 * into a source and a target part and however many parts a bound holds; near the spread's value
 * they are within a few percent of it.
 */
class SpreadBoundsTest {
  private static final int SPREADS = (ScoreSums.WIDTH - ScoreSums.SPREADS_AT) / 2;
  private static final double WEIGHT = 0.5;
  private static final int NODES = 20;

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 2, 3, 4, 5, 6, 7, 8})
  void aSlotsBoundIsAtMostItsChangeAndCloseToASmallOne(long seed) {
    Random r = new Random(seed);
    double[] v = values(r);
    SpreadBounds bounds = bounds(v);
    SourceBound none = source(bounds, 0, 0);
    for (int trial = 0; trial < 200; trial++) {
      int node = r.nextInt(NODES);
      double step = (r.nextDouble() - 0.5) * (trial < 100 ? 0.05 : 3);
      double ds = step;
      double dq = (v[node] + step) * (v[node] + step) - v[node] * v[node];
      double exact = change(v, ds, dq);
      double bound = bounds.fall(none, delta(ds, dq), 0, new RowBound());
      String why = "seed " + seed + ", node " + node + ", step " + step;
      assertTrue(bound <= exact + 1e-12, why + ": " + bound + " above " + exact);
      if (trial < 100) {
        assertTrue(bound >= exact - 0.03 * Math.abs(exact) - 1e-12, why + ": " + bound);
      }
    }
  }

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {11, 12, 13, 14, 15})
  void boundsOfManyPartsHoldForEveryPairOfThem(long seed) {
    Random r = new Random(seed);
    double[] v = values(r);
    SpreadBounds bounds = bounds(v);
    double[][] sources = new double[4][];
    double[][] targets = new double[6][];
    RowBound sourceBox = new RowBound();
    RowBound targetBox = new RowBound();
    for (int k = 0; k < sources.length; k++) {
      sources[k] = part(r, v);
      sourceBox.fixed(0);
      bounds.figures(sources[k], 0, sourceBox, sourceBox);
    }
    for (int k = 0; k < targets.length; k++) {
      targets[k] = part(r, v);
      targetBox.fixed(0);
      bounds.figures(targets[k], 0, targetBox, targetBox);
    }
    RowBound whole = new RowBound();
    whole.fixed(0);
    bounds.combine(sourceBox, targetBox, whole);
    double wholeBound = bounds.fall(whole);
    for (double[] s : sources) {
      SourceBound sb = new SourceBound(SPREADS);
      bounds.source(s, sb);
      double boxBound = bounds.fall(sb, targetBox);
      for (double[] t : targets) {
        int at = ScoreSums.SPREADS_AT;
        double exact = change(v, s[at] + t[at], s[at + 1] + t[at + 1]);
        double slot = bounds.fall(sb, t, 0, new RowBound());
        assertTrue(slot <= exact + 1e-12, "seed " + seed + ": slot " + slot + " above " + exact);
        assertTrue(
            boxBound <= slot + 1e-12, "seed " + seed + ": box " + boxBound + " above " + slot);
        assertTrue(wholeBound <= exact + 1e-12, "seed " + seed + ": whole " + wholeBound);
      }
    }
  }

  @Test
  void aSpreadTooSmallToBoundFallsByNoMoreThanItsValue() {
    double[] v = new double[NODES];
    for (int n = 0; n < NODES; n++) {
      v[n] = 1000 + (n % 2) * 0.01;
    }
    SpreadBounds bounds = bounds(v);
    SourceBound none = source(bounds, 0, 0);
    double value = spread(v);
    assertTrue(value > 0, "the spread is " + value);
    assertEquals(-value, bounds.fall(none, delta(1, 2001), 0, new RowBound()), 1e-15);
    assertEquals(0, bounds.fall(none, delta(0, 0), 0, new RowBound()), 0.0);
  }

  private static double[] values(Random r) {
    double[] v = new double[NODES];
    for (int n = 0; n < NODES; n++) {
      v[n] = r.nextDouble() * 2;
    }
    return v;
  }

  /** Bounds with spread 0 over the values {@code v}, and no other spread. */
  private static SpreadBounds bounds(double[] v) {
    SpreadBounds bounds = new SpreadBounds(SPREADS);
    double[] sums = sums(v);
    bounds.set(0, WEIGHT, v.length, sums[0], sums[1], spread(v));
    for (int k = 1; k < SPREADS; k++) {
      bounds.set(k, WEIGHT, 0, 0, 0, 0);
    }
    bounds.finish(1);
    return bounds;
  }

  /**
   * The weighted change of spread 0 when its sum changes by {@code ds}, its squares by {@code dq}.
   */
  private static double change(double[] v, double ds, double dq) {
    double[] sums = sums(v);
    return WEIGHT * ScoreSums.deviation(v.length, sums[0] + ds, sums[1] + dq) - spread(v);
  }

  /** Spread 0's weighted value. */
  private static double spread(double[] v) {
    double[] sums = sums(v);
    return WEIGHT * ScoreSums.deviation(v.length, sums[0], sums[1]);
  }

  /** The sum and the sum of squares. */
  private static double[] sums(double[] v) {
    double[] out = new double[2];
    for (double x : v) {
      out[0] += x;
      out[1] += x * x;
    }
    return out;
  }

  private static SourceBound source(SpreadBounds bounds, double ds, double dq) {
    SourceBound out = new SourceBound(SPREADS);
    bounds.source(delta(ds, dq), out);
    return out;
  }

  private static double[] delta(double ds, double dq) {
    double[] d = new double[ScoreSums.WIDTH];
    d[ScoreSums.SPREADS_AT] = ds;
    d[ScoreSums.SPREADS_AT + 1] = dq;
    return d;
  }

  /** A part of a move that changes one node's value a little. */
  private static double[] part(Random r, double[] v) {
    int node = r.nextInt(NODES);
    double step = (r.nextDouble() - 0.5) * 0.4;
    return delta(step, (v[node] + step) * (v[node] + step) - v[node] * v[node]);
  }
}
