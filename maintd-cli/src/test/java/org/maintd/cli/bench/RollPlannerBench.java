package org.maintd.cli.bench;

import java.util.concurrent.TimeUnit;
import org.maintd.cli.GeneratedCluster;
import org.maintd.cluster.Cluster;
import org.maintd.htools.HtoolsReader;
import org.maintd.roll.RebootPlanner;
import org.maintd.roll.RollOptions;
import org.maintd.roll.RollPlan;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The reboot-group planner alone, on generated clusters of 10 instances per node, one node group
 * per 100 nodes.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RollPlannerBench {
  @Param({"100", "1000", "5000"})
  int nodes;

  @Param({"online", "offline", "full-evacuation"})
  String mode;

  Cluster cluster;
  RollOptions options;

  @Setup
  public void setUp() {
    cluster =
        new HtoolsReader()
            .read(GeneratedCluster.text(nodes, Math.max(1, nodes / 100), nodes * 10, 1), "bench");
    options =
        RollOptions.defaults()
            .withOfflineMaintenance(mode.equals("offline"))
            .withIgnoreNonRedundant(mode.equals("full-evacuation"))
            .withFullEvacuation(mode.equals("full-evacuation"));
  }

  @Benchmark
  public RollPlan plan() {
    return new RebootPlanner().plan(cluster, options);
  }
}
