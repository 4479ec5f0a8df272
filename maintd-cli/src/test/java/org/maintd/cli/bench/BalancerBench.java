package org.maintd.cli.bench;

import java.util.concurrent.TimeUnit;
import org.maintd.balance.BalanceResult;
import org.maintd.balance.Balancer;
import org.maintd.cli.GeneratedCluster;
import org.maintd.cluster.Cluster;
import org.maintd.htools.HtoolsReader;
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
 * One balancing move (the best of every move of every instance) in node group group-01 of generated
 * clusters of 10 instances per node and 100 nodes per group, the model built fresh each time as the
 * daemon does each round.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 5)
@Measurement(iterations = 3, time = 5)
@Fork(1)
public class BalancerBench {
  @Param({"100", "1000", "5000"})
  int nodes;

  Cluster cluster;

  @Setup
  public void setUp() {
    cluster =
        new HtoolsReader().read(GeneratedCluster.text(nodes, nodes / 100, nodes * 10, 1), "bench");
  }

  @Benchmark
  public BalanceResult oneMove() {
    return new Balancer(cluster, "uuid-group-01").balance(1);
  }
}
