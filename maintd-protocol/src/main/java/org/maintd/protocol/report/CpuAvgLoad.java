package org.maintd.protocol.report;

import java.util.List;

/**
 * The data of mond's {@code cpu-avg-load}: the number of CPUs, each CPU's busy share over the
 * window (0 to 1), and their sum, the number of CPUs busy ({@code cpu_total}, 0 to {@code
 * cpu_number}), which is what hbal reads.
 */
public record CpuAvgLoad(int cpu_number, List<Double> cpus, double cpu_total) {
  public CpuAvgLoad {
    cpus = List.copyOf(cpus);
  }
}
