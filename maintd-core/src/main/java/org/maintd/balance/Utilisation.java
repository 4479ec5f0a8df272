package org.maintd.balance;

/**
 * What an instance loads its node with, as hbal weighs it (its {@code DynUtil}): CPU, memory, disk
 * and network, in units of the operator's choosing; by default one of each, so that every instance
 * weighs the same.
 */
public record Utilisation(double cpu, double mem, double dsk, double net) {
  /** hbal's default: one of each. */
  public static final Utilisation BASE = new Utilisation(1, 1, 1, 1);

  /** No load at all ({@code --ignore-dynu}). */
  public static final Utilisation ZERO = new Utilisation(0, 0, 0, 0);

  public Utilisation {
    if (!Double.isFinite(cpu)
        || !Double.isFinite(mem)
        || !Double.isFinite(dsk)
        || !Double.isFinite(net)) {
      throw new IllegalArgumentException(
          "a utilisation must be four numbers, not " + cpu + " " + mem + " " + dsk + " " + net);
    }
  }

  /** The same with CPU load {@code c}. */
  public Utilisation withCpu(double c) {
    return new Utilisation(c, mem, dsk, net);
  }
}
