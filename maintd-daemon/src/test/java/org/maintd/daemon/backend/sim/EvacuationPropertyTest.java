package org.maintd.daemon.backend.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Group;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.Node;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.incident.Lifecycle;
import org.maintd.incident.Observation;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.plan.Next;
import org.maintd.plan.RoundPlan;
import org.maintd.plan.RoundPlanner;
import org.maintd.safety.Allowance;
import org.maintd.safety.SafetyCaps;

/**
 * Seeded random clusters with enough room: evacuate some nodes round after round, applying each
 * round's jobs with the simulated cluster's operations. In every round no two owners share a node,
 * no instance is in two jobs, and every operation is accepted (so no target is overfilled); every
 * evacuation completes. With the default safety cap (one node out of service per group), no group
 * ever has more than one node drained or offline, and an evacuation that cannot start says it waits
 * for the cap; with racks as failure domains (racks span both groups), no rack either. A failing
 * seed is in the test name, to replay it.
 */
class EvacuationPropertyTest {
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);
  private static final DiskTemplate[] TEMPLATES = {
    DiskTemplate.DRBD,
    DiskTemplate.DRBD,
    DiskTemplate.SHAREDFILE,
    DiskTemplate.PLAIN,
    DiskTemplate.DISKLESS
  };

  static Stream<Long> seeds() {
    return IntStream.range(0, 200).mapToObj(i -> 1000L + i);
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void evacuationsNeverConflictNeverOverfillAndAlwaysTerminate(long seed) {
    evacuate(seed, new SafetyCaps(Allowance.parse("100%"), List.of()));
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void theSafetyCapHoldsInEveryRound(long seed) {
    evacuate(seed, SafetyCaps.defaults());
  }

  @ParameterizedTest(name = "seed {0}")
  @MethodSource("seeds")
  void theCapHoldsPerFailureDomainToo(long seed) {
    evacuate(seed, new SafetyCaps(Allowance.parse("1"), List.of("rack:")));
  }

  private void evacuate(long seed, SafetyCaps caps) {
    boolean capped = caps.maxUnavailable().of(1000) == 1;
    Random rnd = new Random(seed);
    Cluster generated = generate(rnd);
    Cluster cluster = generated;
    Lifecycle lifecycle = new Lifecycle(UUID::randomUUID);
    List<Incident> incidents = new ArrayList<>();
    for (Node n : cluster.nodes()) {
      if (!n.master() && rnd.nextInt(5) == 0 && incidents.size() < 3) {
        String status = rnd.nextBoolean() ? "evacuate" : "evacuate-failover";
        Observation o =
            new Observation.Fault(
                new DiagnoseParser().parseCommandOutput(Map.of("status", status)));
        incidents =
            new ArrayList<>(lifecycle.observe(incidents, Map.of(n.name(), o), NOW).incidents());
      }
    }
    if (incidents.isEmpty()) {
      Node busiest =
          cluster.nodes().stream()
              .filter(n -> !n.master())
              .max(java.util.Comparator.comparingInt(n -> generated.primariesOf(n.name()).size()))
              .orElseThrow();
      Observation o =
          new Observation.Fault(
              new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate")));
      incidents =
          new ArrayList<>(lifecycle.observe(incidents, Map.of(busiest.name(), o), NOW).incidents());
    }
    RoundPlanner planner = new RoundPlanner(caps);
    SimOperations ops = new SimOperations();
    for (int round = 1; round <= 12; round++) {
      RoundPlan plan = planner.plan(cluster, incidents, List.of(), round, NOW);
      checkNoConflicts(seed, plan.jobs());
      for (JobSpec job : plan.jobs()) {
        for (Operation op : job.operations()) {
          try {
            cluster = ops.apply(cluster, op);
          } catch (SimFailure e) {
            fail(
                "seed "
                    + seed
                    + " round "
                    + round
                    + ": planned "
                    + op
                    + " was refused: "
                    + e.getMessage());
          }
        }
      }
      incidents = advance(lifecycle, incidents, plan);
      if (capped) {
        checkCap(seed, round, cluster, caps);
      }
      boolean settled =
          incidents.stream()
              .allMatch(
                  i ->
                      i.status() == IncidentStatus.COMPLETED
                          || (capped && i.next().contains("safety cap")));
      if (settled && incidents.stream().anyMatch(i -> i.status() == IncidentStatus.COMPLETED)) {
        for (Incident i :
            incidents.stream().filter(i -> i.status() == IncidentStatus.COMPLETED).toList()) {
          Node node = cluster.node(i.node()).orElseThrow();
          assertTrue(node.offline(), "seed " + seed);
          assertEquals(List.of(), cluster.primariesOf(node.name()), "seed " + seed);
          assertEquals(List.of(), cluster.secondariesOf(node.name()), "seed " + seed);
        }
        return;
      }
    }
    fail(
        "seed "
            + seed
            + ": evacuations did not finish in 12 rounds: "
            + incidents.stream().map(Incident::next).toList());
  }

  private static void checkCap(long seed, int round, Cluster cluster, SafetyCaps caps) {
    Map<String, List<String>> down = new HashMap<>();
    for (Node n : cluster.nodes()) {
      if (n.offline() || n.drained()) {
        down.computeIfAbsent(n.group(), g -> new ArrayList<>()).add(n.name());
        n.tags().stream()
            .filter(t -> caps.failureDomainPrefixes().stream().anyMatch(t::startsWith))
            .forEach(t -> down.computeIfAbsent(t, g -> new ArrayList<>()).add(n.name()));
      }
    }
    down.forEach(
        (domain, nodes) ->
            assertTrue(
                nodes.size() <= 1,
                "seed "
                    + seed
                    + " round "
                    + round
                    + ": "
                    + domain
                    + " has "
                    + nodes
                    + " out of service"));
  }

  private static List<Incident> advance(
      Lifecycle lifecycle, List<Incident> incidents, RoundPlan plan) {
    Map<String, List<String>> jobs = new HashMap<>();
    plan.jobs().forEach(j -> jobs.computeIfAbsent(j.owner(), k -> new ArrayList<>()).add(j.key()));
    return incidents.stream()
        .map(i -> i.withNext(plan.next().getOrDefault(i.uuid(), Next.does("")).text()))
        .map(
            i -> {
              if (plan.completed().contains(i.uuid())) {
                return lifecycle.completed(i, "done", NOW);
              }
              List<String> mine = jobs.get(i.uuid().toString());
              return mine == null ? i : lifecycle.submitted(i, mine, "round", NOW);
            })
        .toList();
  }

  private static void checkNoConflicts(long seed, List<JobSpec> jobs) {
    Map<String, String> nodeOwner = new HashMap<>();
    Set<String> instances = new HashSet<>();
    for (JobSpec job : jobs) {
      for (String node : job.nodes()) {
        String previous = nodeOwner.putIfAbsent(node, job.owner());
        assertTrue(
            previous == null || previous.equals(job.owner()),
            "seed " + seed + ": node " + node + " in jobs of two owners");
      }
      for (String inst : job.instances()) {
        assertTrue(instances.add(inst), "seed " + seed + ": instance " + inst + " in two jobs");
      }
    }
    Map<String, Set<String>> targetsByOwner = new HashMap<>();
    for (JobSpec job : jobs) {
      Set<String> targets = new HashSet<>(job.nodes());
      job.operations()
          .forEach(
              op -> {
                if (op instanceof Operation.Migrate m) {
                  targets.remove(m.source());
                } else if (op instanceof Operation.Failover f) {
                  targets.remove(f.source());
                } else if (op instanceof Operation.Move m) {
                  targets.remove(m.source());
                } else if (op instanceof Operation.ReplaceSecondary r) {
                  targets.remove(r.oldSecondary());
                  targets.remove(r.primary());
                }
              });
      Set<String> seen = targetsByOwner.computeIfAbsent(job.owner(), k -> new HashSet<>());
      for (String t : targets) {
        assertTrue(seen.add(t), "seed " + seed + ": two jobs of one incident share target " + t);
      }
    }
  }

  private static Cluster generate(Random rnd) {
    List<Group> groups = new ArrayList<>();
    List<Node> nodes = new ArrayList<>();
    List<Instance> instances = new ArrayList<>();
    int groupCount = 1 + rnd.nextInt(2);
    for (int g = 0; g < groupCount; g++) {
      groups.add(new Group("g" + g, "g" + g, "preferred", List.of(), List.of()));
      int size = 5 + rnd.nextInt(6);
      for (int n = 0; n < size; n++) {
        boolean master = g == 0 && n == 0;
        Node.Resources r =
            new Node.Resources(65536, 1024, 64512, 2_000_000, 2_000_000, 16, 1, false, 0, 16, 1.0);
        // Racks span both groups, so that a rack's cap can bind where a group's does not.
        nodes.add(
            new Node(
                "g" + g + "n" + n,
                "",
                "g" + g,
                new Node.Flags(master, master, false, false),
                r,
                List.of("rack:r" + (n % 3))));
      }
    }
    int count = rnd.nextInt(40);
    for (int i = 0; i < count; i++) {
      String group = "g" + rnd.nextInt(groupCount);
      List<Node> members = nodes.stream().filter(n -> n.group().equals(group)).toList();
      Node p = members.get(rnd.nextInt(members.size()));
      DiskTemplate t = TEMPLATES[rnd.nextInt(TEMPLATES.length)];
      String s = "";
      if (t == DiskTemplate.DRBD) {
        List<Node> others = members.stream().filter(n -> n != p).toList();
        s = others.get(rnd.nextInt(others.size())).name();
      }
      InstanceStatus status =
          rnd.nextInt(5) == 0 ? InstanceStatus.ADMIN_down : InstanceStatus.running;
      long mem = 512L << rnd.nextInt(4);
      long disk = t == DiskTemplate.DISKLESS ? 0 : 1024L << rnd.nextInt(5);
      instances.add(
          new Instance(
              "i" + i,
              "",
              mem,
              disk,
              1 + rnd.nextInt(4),
              status,
              true,
              p.name(),
              s,
              t,
              List.of(),
              1,
              "-",
              false));
    }
    Cluster c = new Cluster("gen", groups, nodes, List.of(), List.of(), List.of());
    for (Instance i : instances) {
      long mem = i.status().isRunning() ? i.memory() : 0;
      long disk =
          i.diskTemplate() == DiskTemplate.DISKLESS || i.diskTemplate() == DiskTemplate.SHAREDFILE
              ? 0
              : i.disk();
      c =
          c.withNode(
              i.primary(),
              n ->
                  n.withResources(
                      n.resources()
                          .withFree(
                              n.resources().memFree() - mem, n.resources().diskFree() - disk)));
      if (!i.secondary().isEmpty()) {
        c =
            c.withNode(
                i.secondary(),
                n ->
                    n.withResources(
                        n.resources()
                            .withFree(
                                n.resources().memFree(), n.resources().diskFree() - i.disk())));
      }
    }
    return new Cluster("gen", groups, c.nodes(), instances, List.of(), List.of());
  }
}
