package org.maintd.jobtime;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

/**
 * How long one kind of operation takes, as learned from the cluster's recent operations of that
 * kind: a fixed time plus a time per GiB where their sizes explain their times, else their median.
 * A closed set. Immutable.
 */
public sealed interface KindTime {
  /** The fewest operations a line is fitted to. */
  int FIT = 3;

  /** The kind of operation, as {@link org.maintd.job.Operation#kind()} names it. */
  String kind();

  /** How many past operations it was learned from. */
  int samples();

  /** How long an operation of this kind copying {@code sizeMiB} takes. */
  Duration of(long sizeMiB);

  /** What it says, in an operator's words: {@code migrate 3.5 s (median of 4 jobs)}. */
  String says();

  /** {@code fixed} plus {@code perGiB} per GiB copied, fitted to {@code samples} operations. */
  record Fitted(String kind, Duration fixed, Duration perGiB, int samples) implements KindTime {
    @Override
    public Duration of(long sizeMiB) {
      return fixed.plusMillis(perGiB.toMillis() * sizeMiB / 1024);
    }

    @Override
    public String says() {
      return kind
          + " "
          + seconds(fixed)
          + " plus "
          + seconds(perGiB)
          + " per GiB (fitted to "
          + jobs(samples)
          + ")";
    }
  }

  /** The median of {@code samples} operations, whatever their size. */
  record Typical(String kind, Duration median, int samples) implements KindTime {
    @Override
    public Duration of(long sizeMiB) {
      return median;
    }

    @Override
    public String says() {
      return kind + " " + seconds(median) + " (median of " + jobs(samples) + ")";
    }
  }

  /**
   * What {@code past} (operations of {@code kind}, at least one) teaches: a line fitted by least
   * squares when at least {@link #FIT} of them span two sizes or more and the line neither falls
   * with size nor starts below zero; their median otherwise.
   */
  static KindTime learn(String kind, List<PastOperation> past) {
    if (past.isEmpty()) {
      throw new IllegalArgumentException("nothing to learn the time of " + kind + " from");
    }
    int n = past.size();
    double meanX = past.stream().mapToDouble(p -> gib(p.sizeMiB())).average().orElseThrow();
    double meanY = past.stream().mapToDouble(p -> p.took().toMillis()).average().orElseThrow();
    double spread = past.stream().mapToDouble(p -> square(gib(p.sizeMiB()) - meanX)).sum();
    if (n >= FIT && spread > 0) {
      double slope =
          past.stream()
                  .mapToDouble(p -> (gib(p.sizeMiB()) - meanX) * (p.took().toMillis() - meanY))
                  .sum()
              / spread;
      long perGiB = Math.round(slope);
      long fixed = Math.round(meanY - slope * meanX);
      if (perGiB >= 0 && fixed >= 0) {
        return new Fitted(kind, Duration.ofMillis(fixed), Duration.ofMillis(perGiB), n);
      }
    }
    List<Duration> sorted = past.stream().map(PastOperation::took).sorted().toList();
    Duration median =
        n % 2 == 1 ? sorted.get(n / 2) : sorted.get(n / 2 - 1).plus(sorted.get(n / 2)).dividedBy(2);
    return new Typical(kind, median, n);
  }

  private static double gib(long mib) {
    return mib / 1024.0;
  }

  private static double square(double x) {
    return x * x;
  }

  /** {@code 1 s}, {@code 0.25 s}. */
  static String seconds(Duration d) {
    return BigDecimal.valueOf(d.toMillis(), 3).stripTrailingZeros().toPlainString() + " s";
  }

  private static String jobs(int n) {
    return n + (n == 1 ? " job" : " jobs");
  }
}
