package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.incident.Incident;
import org.maintd.incident.Lifecycle;
import org.maintd.incident.Observation;
import org.maintd.job.Operation;
import org.maintd.testing.ClusterBuilder;

/**
 * Where evacuations put instances: every placement takes the target's memory, disk and vcpus, so
 * that one round never overfills a node.
 */
class PlacementTest {
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);
  private final AtomicInteger ids = new AtomicInteger();
  private final Lifecycle lifecycle = new Lifecycle(() -> new UUID(0, ids.incrementAndGet()));

  static Instance instance(
      String name,
      String primary,
      String secondary,
      DiskTemplate template,
      long memory,
      long disk,
      int vcpus,
      InstanceStatus status) {
    return new Instance(
        name, "", memory, disk, vcpus, status, true, primary, secondary, template, List.of(), 1,
        "-", false);
  }

  static Cluster withInstances(Cluster c, Instance... more) {
    List<Instance> all = new java.util.ArrayList<>(c.instances());
    all.addAll(List.of(more));
    return new Cluster(c.name(), c.groups(), c.nodes(), all, c.tags(), c.policies());
  }

  private List<Incident> evacuate(String node) {
    Observation o =
        new Observation.Fault(
            new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate")));
    return lifecycle.observe(List.of(), Map.of(node, o), NOW).incidents();
  }

  /**
   * The master n1 sits in another group; n2 (drained) is evacuated; n3 is the only target in its
   * group, with {@code mem} MiB memory and {@code disk} MiB disk free and 32 vcpus of room.
   */
  private static Cluster onlyTarget(long mem, long disk) {
    return new ClusterBuilder()
        .node("n1", "other", 100000, 1000000, true)
        .node("n2", "g", 8192, 100000, false)
        .node("n3", "g", mem, disk, false)
        .build()
        .withNode("n2", n -> n.withFlags(n.flags().withDrained(true)));
  }

  @ParameterizedTest(name = "{0}: {1} x2 ({2} MiB, {3} MiB disk, {4} vcpus) on {5} MiB/{6} MiB")
  @CsvSource({
    // what runs out, template, memory, disk, vcpus, target memory, target disk, moved
    "memory,     SHAREDFILE, 2048, 1024,  1, 3000, 100000, 1",
    "memory,     SHAREDFILE, 2048, 1024,  1, 4096, 100000, 2",
    "disk,       PLAIN,       512,  600,  1, 8192,   1000, 1",
    "disk,       PLAIN,       512,  500,  1, 8192,   1000, 2",
    "nothing,    SHAREDFILE,  512,  600,  1, 8192,   1000, 2",
    "vcpus,      SHAREDFILE,  512, 1024, 20, 8192, 100000, 1",
    "vcpus,      SHAREDFILE,  512, 1024, 16, 8192, 100000, 2",
    "nothing,    PLAIN,      1024, 1024,  1, 4096, 100000, 2"
  })
  void twoInstancesThatFitOnlyOneAtATimeAreNotBothPlacedOnTheSameNodeInARound(
      String scarce,
      DiskTemplate template,
      long memory,
      long disk,
      int vcpus,
      long targetMemory,
      long targetDisk,
      int moved) {
    Cluster c =
        withInstances(
            onlyTarget(targetMemory, targetDisk),
            instance("a", "n2", "", template, memory, disk, vcpus, InstanceStatus.running),
            instance("b", "n2", "", template, memory, disk, vcpus, InstanceStatus.running));
    List<Incident> incidents = evacuate("n2");
    RoundPlan plan = new RoundPlanner().plan(c, incidents, List.of(), 2, NOW);
    List<Operation> ops = plan.jobs().stream().flatMap(j -> j.operations().stream()).toList();
    List<Operation> expected =
        template == DiskTemplate.PLAIN
            ? List.of(new Operation.Move("a", "n2", "n3"), new Operation.Move("b", "n2", "n3"))
            : List.of(
                new Operation.Migrate("a", "n2", "n3"), new Operation.Migrate("b", "n2", "n3"));
    assertEquals(expected.subList(0, moved), ops, scarce + " runs out");
    String next = plan.next().get(incidents.get(0).uuid()).text();
    if (moved == 1) {
      assertTrue(
          next.startsWith(
              "move 1 of 2 instances off n2; waiting: b: no node in the group has room"),
          next);
    } else {
      assertTrue(next.startsWith("move 2 of 2 instances off n2"), next);
      assertEquals(1, plan.jobs().size(), "one job per target: " + plan.jobs());
    }
  }

  @ParameterizedTest(name = "{0} MiB needed of {1} MiB free: placed {2}")
  @CsvSource({"2048, 2048, true", "2049, 2048, false", "2047, 2048, true"})
  void anInstanceFitsWhenItNeedsAtMostTheFreeMemory(long need, long free, boolean placed) {
    Cluster c =
        withInstances(
            onlyTarget(free, 100000),
            instance("a", "n2", "", DiskTemplate.SHAREDFILE, need, 10, 1, InstanceStatus.running));
    RoundPlan plan = new RoundPlanner().plan(c, evacuate("n2"), List.of(), 2, NOW);
    assertEquals(
        placed ? List.of(new Operation.Migrate("a", "n2", "n3")) : List.of(),
        plan.jobs().stream().flatMap(j -> j.operations().stream()).toList());
  }

  /** n3 has 8 cpus: room for 32 vcpus. */
  @ParameterizedTest(name = "{0} of 32 vcpus in use, {1} needed: placed {2}")
  @CsvSource({"28, 4, true", "29, 4, false", "0, 32, true", "0, 33, false"})
  void anInstanceNeedsRoomForItsVcpusBesideThoseInUse(int inUse, int need, boolean placed) {
    Cluster c = onlyTarget(100000, 100000);
    if (inUse > 0) {
      c =
          withInstances(
              c,
              instance(
                  "there",
                  "n3",
                  "",
                  DiskTemplate.SHAREDFILE,
                  1,
                  10,
                  inUse,
                  InstanceStatus.running));
    }
    c =
        withInstances(
            c,
            instance(
                "a", "n2", "", DiskTemplate.SHAREDFILE, 512, 10, need, InstanceStatus.running));
    RoundPlan plan = new RoundPlanner().plan(c, evacuate("n2"), List.of(), 2, NOW);
    assertEquals(
        placed ? List.of(new Operation.Migrate("a", "n2", "n3")) : List.of(),
        plan.jobs().stream().flatMap(j -> j.operations().stream()).toList());
    if (!placed) {
      assertTrue(
          plan.next()
              .values()
              .iterator()
              .next()
              .text()
              .endsWith("a: no node in the group has room (512 MiB memory, 0 MiB disk)"),
          plan.next().toString());
    }
  }

  @ParameterizedTest(name = "{0} MiB disk needed of {1} MiB free: placed {2}")
  @CsvSource({"1000, 1000, true", "1001, 1000, false"})
  void aPlainInstanceFitsWhenItNeedsAtMostTheFreeDisk(long need, long free, boolean placed) {
    Cluster c =
        withInstances(
            onlyTarget(100000, free),
            instance("a", "n2", "", DiskTemplate.PLAIN, 512, need, 1, InstanceStatus.running));
    RoundPlan plan = new RoundPlanner().plan(c, evacuate("n2"), List.of(), 2, NOW);
    assertEquals(
        placed ? List.of(new Operation.Move("a", "n2", "n3")) : List.of(),
        plan.jobs().stream().flatMap(j -> j.operations().stream()).toList());
  }

  @ParameterizedTest(name = "instances tagged {0}, cluster tags {1} -> b to {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "svc:web      | htools:iextags:svc                        | n4",
        "svc:web      | htools:iextags:svc:web                    | n4",
        "svc:web      | htools:iextags:db                         | n3",
        "backup:daily | htools:iextags:svc,maintd:protect:backup  | n3",
        "svc:web      | ''                                        | n3"
      })
  void twoInstancesWithTheSameExclusionTagGoToDifferentNodesInOneRound(
      String tag, String clusterTags, String targetOfB) {
    // n3 has the most room, even after taking a: without a tag clash both go there.
    Cluster c =
        new ClusterBuilder()
            .node("n1", "other", 100000, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 10000, 100000, false)
            .node("n4", "g", 5000, 100000, false)
            .build()
            .withNode("n2", n -> n.withFlags(n.flags().withDrained(true)))
            .withTags(clusterTags.isEmpty() ? List.of() : List.of(clusterTags.split(",")));
    c =
        withInstances(
            c,
            instance("a", "n2", "", DiskTemplate.SHAREDFILE, 1024, 10, 1, InstanceStatus.running)
                .withTags(List.of(tag)),
            instance("b", "n2", "", DiskTemplate.SHAREDFILE, 1024, 10, 1, InstanceStatus.running)
                .withTags(List.of(tag)));
    List<Incident> incidents = evacuate("n2");
    RoundPlan plan = new RoundPlanner().plan(c, incidents, List.of(), 2, NOW);
    assertEquals(
        List.of(
            new Operation.Migrate("a", "n2", "n3"), new Operation.Migrate("b", "n2", targetOfB)),
        plan.jobs().stream().flatMap(j -> j.operations().stream()).toList());
    assertEquals("move 2 of 2 instances off n2", plan.next().get(incidents.get(0).uuid()).text());
  }
}
