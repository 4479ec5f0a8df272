package org.maintd.daemon.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.backend.sim.ClusterSource;
import org.maintd.daemon.backend.sim.SimSettings;
import org.maintd.daemon.backend.sim.rehearse.Rehearsals;
import org.maintd.daemon.backend.sim.rehearse.Stage;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.generate.ClusterSpec;
import org.maintd.rehearse.Act;
import org.maintd.rehearse.PlayedJob;
import org.maintd.rehearse.RehearsalReport;
import org.maintd.round.PlanSnapshot;
import org.maintd.round.Settings;
import org.maintd.spi.MaintdState;

/**
 * Benchmark: a rehearsal of a drain of several nodes at once on a generated cluster (the daemon's
 * generator, as {@code scripts/demo --generate} makes it: 10 instances per node, 100 nodes per
 * group, seed 1), played by the daemon's own {@link Rehearsals} with the default round settings,
 * the simulated cluster's default durations (1 s per operation, 5 s boot) and 30 s polls, on a view
 * as the daemon publishes it before its first poll (every collector answers {@code Ok}). The nodes
 * drained are spread evenly over the cluster. {@code RehearseBench NODES DRAINED [RUNS]} prints one
 * line per run in this JVM (the first one cold) and the peak heap:
 *
 * <pre>
 * run 1 nodes 10000 instances 100000 drained 100 wall_ms 4200 cpu_ms 4100 ticks 4 rounds 3 jobs 1128 ending done played_s 90
 * peak_heap_mib 900
 * </pre>
 *
 * Single-threaded, as a rehearsal plays.
 */
public final class RehearseBench {
  private RehearseBench() {}

  public static void main(String[] args) {
    int nodes = Integer.parseInt(args[0]);
    int drained = Integer.parseInt(args[1]);
    int runs = args.length > 2 ? Integer.parseInt(args[2]) : 1;
    ClusterSpec spec = ClusterSpec.ofNodes(nodes);
    Cluster cluster = ClusterSource.generated(spec);
    List<String> names = spread(cluster, drained);
    Clock clock = Clock.systemUTC();
    DaemonView view =
        new DaemonView(
            MaintdState.initial(clock.instant()), cluster, Map.of(), PlanSnapshot.none(), "");
    Rehearsals rehearsals =
        new Rehearsals(
            new Stage(
                Settings.defaults(),
                new SimSettings(null, null, Duration.ofSeconds(1), Duration.ZERO),
                Duration.ofSeconds(30),
                AlertSource.none(),
                Stage.MAX_TICKS),
            clock,
            () -> view);
    for (int run = 1; run <= runs; run++) {
      long cpu0 = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
      long t0 = System.nanoTime();
      RehearsalReport r = rehearsals.rehearse(view, new Act.Drain(names, "bench"));
      long ms = (System.nanoTime() - t0) / 1_000_000;
      long cpuMs =
          (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu0) / 1_000_000;
      System.out.printf(
          "run %d nodes %d instances %d drained %d wall_ms %d cpu_ms %d ticks %d rounds %d jobs %d"
              + " ending %s played_s %d%n",
          run,
          nodes,
          spec.instances(),
          names.size(),
          ms,
          cpuMs,
          r.ticks(),
          r.jobs().stream().mapToLong(PlayedJob::round).distinct().count(),
          r.jobs().size(),
          r.ending().kind(),
          r.wallTime().toSeconds());
      if (!r.ending().kind().equals("done")) {
        System.out.println("  " + r.ending().text());
      }
    }
    System.out.printf("peak_heap_mib %d%n", peakHeap() >> 20);
  }

  /**
   * {@code count} nodes, one per group in turn (the default safety cap lets one node of a group be
   * out of service at a time), each from the middle of its group, the master left out.
   */
  private static List<String> spread(Cluster cluster, int count) {
    Map<String, List<String>> byGroup = new LinkedHashMap<>();
    cluster.nodes().stream()
        .filter(n -> !n.master())
        .forEach(n -> byGroup.computeIfAbsent(n.group(), g -> new ArrayList<>()).add(n.name()));
    List<List<String>> groups = new ArrayList<>(byGroup.values());
    List<String> picked = new ArrayList<>();
    for (int i = 0; picked.size() < count && i < count * 2; i++) {
      List<String> g = groups.get(i % groups.size());
      int at = g.size() / 2 + i / groups.size();
      if (at < g.size()) {
        picked.add(g.get(at));
      }
    }
    return picked;
  }

  /** The sum of the heap pools' peaks. */
  private static long peakHeap() {
    return ManagementFactory.getMemoryPoolMXBeans().stream()
        .filter(p -> p.getType() == MemoryType.HEAP)
        .mapToLong(p -> p.getPeakUsage().getUsed())
        .sum();
  }
}
