package org.maintd.cli.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
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

/**
 * Whole-process counterpart of hail's node-evacuate request: reads an htools file, opens an {@code
 * evacuate} incident on each NODE (drained, instances still on it) and plans one round. Prints the
 * operations planned and what waits. {@code PlanRound FILE NODE...}
 */
public final class PlanRound {
  private PlanRound() {}

  public static void main(String[] args) throws Exception {
    Cluster c = new HtoolsReader().read(Files.readString(Path.of(args[0])), "bench");
    Instant now = Instant.now();
    Lifecycle lifecycle = new Lifecycle(UUID::randomUUID);
    Observation fault =
        new Observation.Fault(
            new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate")));
    List<Incident> incidents = new ArrayList<>();
    for (int i = 1; i < args.length; i++) {
      String n = args[i];
      c = c.withNode(n, x -> x.withFlags(x.flags().withDrained(true)));
      incidents = new ArrayList<>(lifecycle.observe(incidents, Map.of(n, fault), now).incidents());
    }
    RoundPlan plan =
        new RoundPlanner(new SafetyCaps(Allowance.parse("10%"), List.of()), false)
            .plan(c, incidents, List.of(), 1, now);
    long ops = plan.jobs().stream().mapToLong(j -> j.operations().size()).sum();
    System.out.println(plan.jobs().size() + " jobs, " + ops + " operations");
    plan.next().values().forEach(System.out::println);
  }
}
