package org.maintd.collector.load;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.maintd.protocol.report.CpuAvgLoad;

/**
 * The samples of {@code /proc/stat} mond keeps for {@code cpu-avg-load}: at most {@code capacity}
 * (mond: 150, one every 5 s), the oldest dropped first. The load is the busy jiffies between the
 * oldest and the newest sample over the jiffies that time allows ({@code seconds * ticks}), per
 * CPU; the first figure, the total over all CPUs, is the number of CPUs busy. Until two samples
 * some time apart exist there is none, in mond's words. Thread-safe.
 */
final class CpuWindow {
  /** What the window says: a load, or why there is none. */
  sealed interface Average {}

  /** The load over the window. */
  record Load(CpuAvgLoad load) implements Average {}

  /** No load yet, in mond's words. */
  record None(String reason) implements Average {}

  private record Sample(long nanos, long[] busy) {}

  private final int capacity;
  private final long ticks;
  private final Deque<Sample> samples = new ArrayDeque<>();

  /** A window of {@code capacity} samples of a clock of {@code ticks} jiffies a second. */
  CpuWindow(int capacity, long ticks) {
    if (capacity < 2 || ticks < 1) {
      throw new IllegalArgumentException(
          "a window needs two samples and a tick, not " + capacity + " and " + ticks);
    }
    this.capacity = capacity;
    this.ticks = ticks;
  }

  /** Adds the busy jiffies of each cpu line, read at {@code nanos} (a monotonic clock). */
  synchronized void add(long nanos, long[] busy) {
    samples.addLast(new Sample(nanos, busy.clone()));
    while (samples.size() > capacity) {
      samples.removeFirst();
    }
  }

  synchronized Average average() {
    if (samples.isEmpty()) {
      return new None("Empty buffer");
    }
    Sample oldest = samples.getFirst();
    Sample newest = samples.getLast();
    double overall = (newest.nanos() - oldest.nanos()) / 1e9 * ticks;
    if (overall <= 0 || newest.busy().length != oldest.busy().length) {
      return new None("Time covered by data is not sufficient.");
    }
    List<Double> loads = new ArrayList<>();
    for (int k = 0; k < newest.busy().length; k++) {
      loads.add((newest.busy()[k] - oldest.busy()[k]) / overall);
    }
    return new Load(new CpuAvgLoad(loads.size() - 1, loads.subList(1, loads.size()), loads.get(0)));
  }
}
