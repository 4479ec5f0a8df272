package org.maintd.cli.bench;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.maintd.cli.GeneratedCluster;
import org.maintd.cluster.Cluster;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.htools.HtoolsReader;
import org.maintd.incident.Incident;
import org.maintd.incident.Lifecycle;
import org.maintd.incident.Observation;
import org.maintd.plan.RoundPlan;
import org.maintd.plan.RoundPlanner;
import org.maintd.safety.Allowance;
import org.maintd.safety.SafetyCaps;
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
 * Planning one round with five nodes being evacuated (drained, every instance still on them), on
 * generated clusters of 10 instances per node, one node group per 100 nodes, harep on.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class RoundPlannerBench {
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);

  @Param({"1000", "5000"})
  int nodes;

  Cluster cluster;
  List<Incident> incidents;
  RoundPlanner planner;

  @Setup
  public void setUp() {
    Cluster c =
        new HtoolsReader().read(GeneratedCluster.text(nodes, nodes / 100, nodes * 10, 1), "bench");
    Lifecycle lifecycle = new Lifecycle(UUID::randomUUID);
    incidents = new ArrayList<>();
    Observation fault =
        new Observation.Fault(
            new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate")));
    List<String> evacuating = new ArrayList<>();
    for (int g = 0; g < 5; g++) {
      evacuating.add(c.nodes().get(g * (nodes / 5) + 1).name());
    }
    for (String n : evacuating) {
      c = c.withNode(n, x -> x.withFlags(x.flags().withDrained(true)));
      incidents = new ArrayList<>(lifecycle.observe(incidents, Map.of(n, fault), NOW).incidents());
    }
    cluster = c;
    planner = new RoundPlanner(new SafetyCaps(Allowance.parse("10%"), List.of()), true);
  }

  @Benchmark
  public RoundPlan plan() {
    return planner.plan(cluster, incidents, List.of(), 2, NOW);
  }
}
