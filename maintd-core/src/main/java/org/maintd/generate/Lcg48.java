package org.maintd.generate;

/**
 * The 48-bit linear congruential generator that {@code java.util.Random} documents, written out so
 * that a seed gives the same draws here as there (the generated clusters of earlier releases stay
 * the same text) without core drawing from a source of its own. Not thread-safe.
 */
final class Lcg48 {
  private static final long MULTIPLIER = 0x5DEECE66DL;
  private static final long MASK = (1L << 48) - 1;

  private long seed;
  private double nextGaussian;
  private boolean haveNextGaussian;

  Lcg48(long seed) {
    this.seed = (seed ^ MULTIPLIER) & MASK;
  }

  private int next(int bits) {
    seed = (seed * MULTIPLIER + 0xBL) & MASK;
    return (int) (seed >>> (48 - bits));
  }

  /** A draw in [0, bound), as {@code Random.nextInt(bound)}. */
  int nextInt(int bound) {
    if (bound <= 0) {
      throw new IllegalArgumentException("bound must be positive, not " + bound);
    }
    int r = next(31);
    int m = bound - 1;
    if ((bound & m) == 0) {
      return (int) ((bound * (long) r) >> 31);
    }
    for (int u = r; u - (r = u % bound) + m < 0; u = next(31)) {
      // draw again: u fell in the last, partial stretch of the range
    }
    return r;
  }

  /** A draw in [0, 1), as {@code Random.nextDouble()}. */
  double nextDouble() {
    return (((long) next(26) << 27) + next(27)) * 0x1.0p-53;
  }

  /** A standard normal draw, as {@code Random.nextGaussian()} (the polar method, in pairs). */
  double nextGaussian() {
    if (haveNextGaussian) {
      haveNextGaussian = false;
      return nextGaussian;
    }
    double v1;
    double v2;
    double s;
    do {
      v1 = 2 * nextDouble() - 1;
      v2 = 2 * nextDouble() - 1;
      s = v1 * v1 + v2 * v2;
    } while (s >= 1 || s == 0);
    double multiplier = StrictMath.sqrt(-2 * StrictMath.log(s) / s);
    nextGaussian = v2 * multiplier;
    haveNextGaussian = true;
    return v1 * multiplier;
  }
}
