package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.TaggedObject;
import org.maintd.harep.HarepOwner;
import org.maintd.harep.RepairTag;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.safety.SafetyCaps;
import org.maintd.testing.ClusterBuilder;

/**
 * Every disk template in every broken case, through both ways a repair starts (an auto-repair
 * policy, or an external pending tag of the repair's type and no policy): the operations and
 * targets chosen when the group has room, and the plan item and what it waits for when it has none.
 */
class HarepTemplatesTest {
  private static final String P = "ganeti:watcher:autorepair:";
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);
  private final RoundPlanner planner = new RoundPlanner(SafetyCaps.defaults(), true);

  private static final String SHARED_WAITS =
      "waits: no node in the group has room for the instance (1024 MiB memory, 1 vcpus)";
  private static final String RECREATE_WAITS =
      "waits: no node in the group has room for the instance (1024 MiB memory, 1024 MiB disk)";

  /**
   * One case a line: instance {@code i} of the template on n2 (secondary n3 for DRBD), the nodes
   * made offline or drained, its status; with room, the operations ({@code kind source>target} or
   * {@code kind targets}) and the plan item; without room, what the item ends with (- when not
   * checked: a stopped instance needs no memory, so full nodes still take it). SHARED is each of
   * the shared storage templates.
   */
  private static final String CASES =
      """
      SHARED | offline:n2    | running    | failover n2>n4 | primary n2 is offline, needs failover; repair: failover | SHARED_WAITS
      SHARED | offline:n2    | ADMIN_down | failover n2>n4 | primary n2 is offline, needs failover; repair: failover | -
      SHARED | drained:n2    | running    | migrate n2>n4  | primary n2 is drained, needs migrate; repair: migrate   | SHARED_WAITS
      SHARED | drained:n2    | ADMIN_down | failover n2>n4 | primary n2 is drained, needs migrate; repair: failover  | -
      plain  | offline:n2    | running    | recreate-disks n4; reinstall n4 | primary n2 is offline, needs reinstall; repair: recreate-disks, reinstall | RECREATE_WAITS
      file   | offline:n2    | running    | recreate-disks n4; reinstall n4 | primary n2 is offline, needs reinstall; repair: recreate-disks, reinstall | RECREATE_WAITS
      plain  | drained:n2    | running    | - | (no item) | -
      file   | drained:n2    | running    | - | (no item) | -
      drbd   | offline:n2    | running    | failover n2>n3 | primary n2 is offline, needs failover; repair: failover | waits: its secondary n3 has 0 MiB free memory, 1024 needed
      drbd   | drained:n2    | running    | migrate n2>n3  | primary n2 is drained, needs migrate; repair: migrate   | waits: its secondary n3 has 0 MiB free memory, 1024 needed
      drbd   | drained:n2    | ADMIN_down | failover n2>n3 | primary n2 is drained, needs migrate; repair: failover  | -
      drbd   | offline:n3    | running    | replace-secondary n3>n4 | secondary n3 is offline, needs fix-storage; repair: replace-secondary | waits: no node in the group has 1024 MiB disk for a new secondary
      drbd   | drained:n3    | running    | replace-secondary n3>n4 | secondary n3 is drained, needs fix-storage; repair: replace-secondary | waits: no node in the group has 1024 MiB disk for a new secondary
      drbd   | offline:n2,n3 | running    | recreate-disks n4,n5; reinstall n4 | primary n2 and secondary n3 are offline, needs reinstall; repair: recreate-disks, reinstall | RECREATE_WAITS
      drbd   | drained:n2,n3 | running    | - | (no item) | -
      diskless | offline:n2  | running    | - | (no item) | -
      diskless | drained:n2  | running    | - | (no item) | -
      """;

  static Stream<Arguments> cases() {
    List<Arguments> rows = new ArrayList<>();
    for (String line : CASES.strip().split("\n")) {
      List<String> f = Stream.of(line.split("\\|")).map(String::strip).toList();
      List<String> templates =
          f.get(0).equals("SHARED")
              ? List.of("sharedfile", "blockdev", "rbd", "ext", "gluster")
              : List.of(f.get(0));
      String noRoom =
          switch (f.get(5)) {
            case "SHARED_WAITS" -> SHARED_WAITS;
            case "RECREATE_WAITS" -> RECREATE_WAITS;
            case "-" -> "";
            default -> f.get(5);
          };
      String ops = f.get(3).equals("-") ? "" : f.get(3);
      templates.forEach(t -> rows.add(Arguments.of(t, f.get(1), f.get(2), ops, f.get(4), noRoom)));
    }
    return rows.stream();
  }

  /** The cases that have a repair, which an external pending tag can ask for. */
  static Stream<Arguments> repaired() {
    return cases().filter(a -> !((String) a.get()[3]).isEmpty());
  }

  /** n1 master without room; n2 and n3 the instance's nodes; n4 (most memory) and n5 targets. */
  private static Cluster cluster(String template, String broken, String status) {
    DiskTemplate t = DiskTemplate.parse(template);
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 0, 0, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 8192, 100000, false)
            .node("n4", "g", 16384, 100000, false)
            .node("n5", "g", 12288, 100000, false)
            .instance(
                "i",
                "n2",
                t == DiskTemplate.DRBD ? "n3" : "",
                t,
                1024,
                InstanceStatus.valueOf(status))
            .build();
    String[] how = broken.split(":");
    for (String n : how[1].split(",")) {
      c =
          c.withNode(
              n,
              x ->
                  x.withFlags(
                      how[0].equals("offline")
                          ? x.flags().withOffline(true)
                          : x.flags().withDrained(true)));
    }
    return c;
  }

  /** Takes all room from every node but the instance's primary. */
  private static Cluster full(Cluster c) {
    for (String n : List.of("n3", "n4", "n5")) {
      c = c.withNode(n, x -> x.withResources(x.resources().withFree(0, 0)));
    }
    return c;
  }

  private static Cluster policy(Cluster c) {
    return c.withTagsOf(TaggedObject.cluster(), t -> List.of(P + "reinstall"));
  }

  /** An external one-off repair of {@code item}'s type, with no policy anywhere. */
  private static Cluster pending(Cluster c, String item) {
    String type = type(item);
    return c.withTagsOf(
        TaggedObject.instance("i"), t -> List.of(P + "pending:" + type + ":u1:1700000000:"));
  }

  private static String type(String item) {
    return item.replaceAll(".*, needs ([a-z-]+);.*", "$1");
  }

  private RoundPlan plan(Cluster c) {
    return planner.plan(c, List.of(), List.of(), 4, NOW);
  }

  @ParameterizedTest(name = "{0}, {1}, {2}: {3}")
  @MethodSource("cases")
  void aPolicyRepairsEachTemplateAsTheDesignSays(
      String template, String broken, String status, String ops, String item, String noRoom) {
    RoundPlan plan = plan(policy(cluster(template, broken, status)));
    assertEquals(ops, describe(plan.jobs()));
    assertEquals(item, next(plan));
    plan.jobs()
        .forEach(
            j ->
                assertEquals(
                    type(item), HarepOwner.parse(j.owner()).orElseThrow().type().wireName()));
    if (noRoom.isEmpty()) {
      return;
    }
    RoundPlan waiting = plan(policy(full(cluster(template, broken, status))));
    assertEquals("", describe(waiting.jobs()));
    String problem = item.substring(0, item.indexOf("; repair:"));
    assertEquals(problem + "; " + noRoom, next(waiting));
    List<String> added = waiting.tagChanges().get(0).add();
    assertEquals(
        type(item),
        RepairTag.parse(added.get(0)).orElseThrow().type().wireName(),
        "the repair decided is recorded by a pending tag while it waits");
  }

  @ParameterizedTest(name = "{0}, {1}, {2}: {3}")
  @MethodSource("repaired")
  void anExternalPendingTagRepairsEachTemplateTheSameWay(
      String template, String broken, String status, String ops, String item, String noRoom) {
    String head = "repair " + type(item) + " pending; ";
    RoundPlan plan = plan(pending(cluster(template, broken, status), item));
    assertEquals(ops, describe(plan.jobs()));
    assertEquals(head + item, next(plan));
    plan.jobs().forEach(j -> assertEquals("harep:i:" + type(item) + ":u1", j.owner()));
    if (noRoom.isEmpty()) {
      return;
    }
    RoundPlan waiting = plan(pending(full(cluster(template, broken, status)), item));
    assertEquals("", describe(waiting.jobs()));
    String problem = item.substring(0, item.indexOf("; repair:"));
    assertEquals(head + problem + "; " + noRoom, next(waiting));
    assertEquals(List.of(), waiting.tagChanges(), "the pending tag already records the repair");
  }

  private static String next(RoundPlan plan) {
    return plan.items().stream()
        .filter(i -> i.id().equals("i"))
        .map(i -> i.next().text())
        .findFirst()
        .orElse("(no item)");
  }

  private static String describe(List<JobSpec> jobs) {
    return jobs.stream()
        .flatMap(j -> j.operations().stream())
        .map(HarepTemplatesTest::describe)
        .collect(Collectors.joining("; "));
  }

  private static String describe(Operation op) {
    if (op instanceof Operation.InstanceMove m) {
      return m.kind() + " " + m.source() + ">" + m.target();
    }
    if (op instanceof Operation.ReplaceSecondary r) {
      return r.kind() + " " + r.oldSecondary() + ">" + r.newSecondary();
    }
    if (op instanceof Operation.RecreateDisks r) {
      return r.kind() + " " + String.join(",", r.targets());
    }
    if (op instanceof Operation.Reinstall r) {
      return r.kind() + " " + r.primary();
    }
    return op.kind() + " " + op.nodes();
  }
}
