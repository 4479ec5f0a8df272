package org.maintd.daemon.backend.sim;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.maintd.cluster.Cluster;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.htools.HtoolsReader;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.incident.Lifecycle;
import org.maintd.incident.Observation;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.plan.RoundPlan;
import org.maintd.plan.RoundPlanner;

/**
 * Benchmark (not a test): how long evacuating a node with 30 instances takes in the simulated
 * cluster, in rounds and simulated time, for maintd's planner and for the policy of Ganeti 2.17's
 * maintd (one instance moved per round, 300 s between rounds). Operations take {@code PER_OP} each
 * plus {@code PER_GIB} per GiB copied; the operations of one job run one after the other, the jobs
 * of a round side by side. Run by {@code scripts/bench/evacuation}.
 */
public final class EvacuationMakespan {
  private static final Duration PER_OP = Duration.ofSeconds(30);
  private static final Duration PER_GIB = Duration.ofSeconds(10);
  private static final Duration GANETI_217_DELAY = Duration.ofSeconds(300);
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);

  private EvacuationMakespan() {}

  static String cluster() {
    StringBuilder b = new StringBuilder("default|g|preferred||\n\n");
    for (int n = 1; n <= 8; n++) {
      b.append("n")
          .append(n)
          .append("|131072|2048|")
          .append(n == 2 ? 131072 - 2048 - 30 * 2048 : 131072 - 2048)
          .append("|2000000|")
          .append(2000000)
          .append("|32|")
          .append(n == 1 ? "M" : "N")
          .append("|g|1||N|0|8|1.0\n");
    }
    b.append('\n');
    for (int i = 0; i < 30; i++) {
      String template = i < 20 ? "drbd" : i < 25 ? "sharedfile" : "plain";
      String secondary = i < 20 ? "n" + (3 + i % 6) : "";
      b.append("inst")
          .append(i)
          .append("|2048|20480|1|running|Y|n2|")
          .append(secondary)
          .append('|')
          .append(template)
          .append("||1|-|N\n");
    }
    return b.append("\n\n").toString();
  }

  public static void main(String[] args) {
    Cluster cluster = new HtoolsReader().read(cluster(), "makespan");
    Lifecycle lifecycle = new Lifecycle(UUID::randomUUID);
    Observation fault =
        new Observation.Fault(
            new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate")));
    List<Incident> incidents = lifecycle.observe(List.of(), Map.of("n2", fault), NOW).incidents();
    RoundPlanner planner = new RoundPlanner();
    SimOperations ops = new SimOperations();
    Duration total = Duration.ZERO;
    int rounds = 0;
    int moves = 0;
    while (incidents.get(0).status() != IncidentStatus.COMPLETED) {
      RoundPlan plan = planner.plan(cluster, incidents, List.of(), rounds + 1, NOW);
      Duration longest = Duration.ZERO;
      for (JobSpec job : plan.jobs()) {
        Duration d = Duration.ZERO;
        for (Operation op : job.operations()) {
          d = d.plus(PER_OP).plus(PER_GIB.multipliedBy(copiedGiB(cluster, op)));
          cluster = ops.apply(cluster, op);
          moves += op instanceof Operation.SetNodeFlags ? 0 : 1;
        }
        longest = longest.compareTo(d) > 0 ? longest : d;
      }
      if (!plan.jobs().isEmpty()) {
        rounds++;
        total = total.plus(longest);
      }
      List<Incident> next = new ArrayList<>();
      for (Incident i : incidents) {
        next.add(
            plan.completed().contains(i.uuid())
                ? lifecycle.completed(i, "done", NOW)
                : plan.jobs().isEmpty()
                    ? i
                    : lifecycle.submitted(
                        i, plan.jobs().stream().map(JobSpec::key).toList(), "round", NOW));
      }
      incidents = next;
    }
    // Ganeti 2.17's maintd: drain, then one instance per round, then offline; 300 s between rounds.
    int oldRounds = 1 + moves + 1;
    Duration oldTotal =
        PER_OP
            .multipliedBy(2)
            .plus(PER_OP.multipliedBy(moves))
            .plus(PER_GIB.multipliedBy(copiedTotalGiB()))
            .plus(GANETI_217_DELAY.multipliedBy(oldRounds - 1));
    System.out.printf(
        "| node with 30 instances (20 drbd, 5 sharedfile, 5 plain), %d moves | maintd | %d rounds | %s |%n",
        moves, rounds, human(total));
    System.out.printf(
        "| same | Ganeti 2.17 maintd policy (one instance per round, 300 s apart) | %d rounds | %s |%n",
        oldRounds, human(oldTotal));
  }

  private static long copiedGiB(Cluster c, Operation op) {
    String name =
        op instanceof Operation.Move m
            ? m.instance()
            : op instanceof Operation.ReplaceSecondary r ? r.instance() : null;
    return name == null ? 0 : c.instance(name).orElseThrow().disk() / 1024;
  }

  /**
   * What 2.17 copies: the plain instances' disks (moved) and the DRBD instances' new secondaries.
   */
  private static long copiedTotalGiB() {
    return (20 + 5) * 20480L / 1024;
  }

  private static String human(Duration d) {
    return d.toHours() > 0
        ? String.format("%d h %02d min", d.toHours(), d.toMinutesPart())
        : String.format("%d min %02d s", d.toMinutes(), d.toSecondsPart());
  }
}
