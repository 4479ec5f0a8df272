package org.maintd.spi;

/** What a node's collector said of its load in a poll. */
public sealed interface LoadReading {
  /** Not asked, or no load known: the collector did not answer, or its window is still empty. */
  record NotMeasured(String why) implements LoadReading {}

  /** The node's {@code cpu-avg-load}: the number of CPUs busy over the collector's window. */
  record Cpu(double total) implements LoadReading {
    public Cpu {
      if (!Double.isFinite(total) || total < 0) {
        throw new IllegalArgumentException("a CPU load is a number of CPUs busy, not " + total);
      }
    }
  }

  static LoadReading notAsked() {
    return new NotMeasured("not asked");
  }
}
