package org.maintd.round;

import java.util.ArrayList;
import java.util.List;

/**
 * A node's CPU load over its last few polls (at most {@link #KEPT}): their mean is what balancing
 * weighs, so that one busy moment does not move instances. Immutable.
 */
record LoadAverage(List<Double> recent) {
  /** How many polls the average covers. */
  static final int KEPT = 5;

  LoadAverage {
    recent = List.copyOf(recent);
    if (recent.isEmpty() || recent.size() > KEPT) {
      throw new IllegalArgumentException("an average of 1 to " + KEPT + " polls, not " + recent);
    }
  }

  static LoadAverage of(double first) {
    return new LoadAverage(List.of(first));
  }

  /** With the load of one more poll; the oldest goes beyond {@link #KEPT}. */
  LoadAverage add(double load) {
    List<Double> next = new ArrayList<>(recent);
    next.add(load);
    return new LoadAverage(next.subList(Math.max(0, next.size() - KEPT), next.size()));
  }

  double mean() {
    double sum = 0;
    for (double d : recent) {
      sum += d;
    }
    return sum / recent.size();
  }
}
