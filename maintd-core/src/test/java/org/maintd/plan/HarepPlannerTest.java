package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.TaggedObject;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.harep.HarepOwner;
import org.maintd.harep.RepairResult;
import org.maintd.harep.RepairTag;
import org.maintd.harep.RepairType;
import org.maintd.incident.Incident;
import org.maintd.incident.Lifecycle;
import org.maintd.incident.Observation;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.safety.Allowance;
import org.maintd.safety.SafetyCaps;
import org.maintd.testing.ClusterBuilder;

/**
 * Instance repairs in a round: each of harep's cases, its policies, its states, and conflicts with
 * incidents.
 */
class HarepPlannerTest {
  private static final String P = "ganeti:watcher:autorepair:";
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);
  private final RoundPlanner planner = new RoundPlanner(SafetyCaps.defaults(), true);

  /** Offline nodes count against the default cap of one per group; incident tests lift it. */
  private final RoundPlanner uncapped =
      new RoundPlanner(new SafetyCaps(Allowance.parse("100%"), List.of()), true);

  /** n1 master; n2..n5 in one group; web (drbd n2/n3), db (plain n2), files (sharedfile n4). */
  private static Cluster cluster() {
    return new ClusterBuilder()
        .node("n1", "g", 2048, 100000, true)
        .node("n2", "g", 8192, 100000, false)
        .node("n3", "g", 8192, 100000, false)
        .node("n4", "g", 16384, 100000, false)
        .node("n5", "g", 12288, 200000, false)
        .instance("web", "n2", "n3", DiskTemplate.DRBD)
        .instance("db", "n2", "", DiskTemplate.PLAIN)
        .instance("files", "n4", "", DiskTemplate.SHAREDFILE)
        .build();
  }

  private static Cluster offline(Cluster c, String... nodes) {
    for (String n : nodes) {
      c = c.withNode(n, x -> x.withFlags(x.flags().withOffline(true)));
    }
    return c;
  }

  private static Cluster tagged(Cluster c, TaggedObject o, String... tags) {
    return c.withTagsOf(
        o,
        t ->
            List.of(tags).stream()
                .map(x -> x.contains(":") && x.startsWith("ganeti") ? x : P + x)
                .toList());
  }

  private RoundPlan plan(Cluster c) {
    return planner.plan(c, List.of(), List.of(), 4, NOW);
  }

  private static List<Operation> ops(RoundPlan plan) {
    return plan.jobs().stream().flatMap(j -> j.operations().stream()).toList();
  }

  private static String next(RoundPlan plan, String instance) {
    return plan.items().stream()
        .filter(i -> i.id().equals(instance))
        .map(i -> i.next().text())
        .findFirst()
        .orElse("(no item)");
  }

  @Test
  void drbdWithItsSecondaryOfflineGetsANewSecondary() {
    Cluster c = tagged(offline(cluster(), "n3"), TaggedObject.cluster(), "fix-storage");
    RoundPlan plan = plan(c);
    assertEquals(List.of(new Operation.ReplaceSecondary("web", "n2", "n3", "n4")), ops(plan));
    JobSpec job = plan.jobs().get(0);
    HarepOwner owner = HarepOwner.parse(job.owner()).orElseThrow();
    assertEquals(RepairType.FIX_STORAGE, owner.type());
    assertEquals("web", owner.instance());
    assertTrue(
        job.reason()
            .text()
            .startsWith("harep fix-storage repair of instance web: secondary n3 is offline"),
        job.reason().text());
    assertEquals(
        "secondary n3 is offline, needs fix-storage; repair: replace-secondary", next(plan, "web"));
  }

  @Test
  void drbdWithItsPrimaryOfflineFailsOverToItsSecondary() {
    Cluster c = tagged(offline(cluster(), "n2"), TaggedObject.cluster(), "failover");
    assertTrue(
        ops(plan(c)).contains(new Operation.Failover("web", "n2", "n3")), ops(plan(c)).toString());
  }

  @Test
  void drbdWithBothNodesOfflineAndPlainWithItsPrimaryOfflineAreRecreatedAndReinstalled() {
    Cluster c = tagged(offline(cluster(), "n2", "n3"), TaggedObject.cluster(), "reinstall");
    List<Operation> ops = ops(plan(c));
    assertEquals(
        List.of(
            new Operation.RecreateDisks("web", "n2", "n3", List.of("n4", "n5")),
                new Operation.Reinstall("web", "n4"),
            new Operation.RecreateDisks("db", "n2", "", List.of("n1")),
                new Operation.Reinstall("db", "n1")),
        ops,
        "n4 and n5 work for web this round; db goes to the master, the only other node with room");
  }

  @Test
  void drbdOnADrainedPrimaryMigrates() {
    Cluster c =
        tagged(
            cluster().withNode("n2", n -> n.withFlags(n.flags().withDrained(true))),
            TaggedObject.cluster(),
            "migrate");
    assertEquals(List.of(new Operation.Migrate("web", "n2", "n3")), ops(plan(c)));
  }

  @Test
  void disklessInstancesAreNotRepaired() {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 2048, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 8192, 100000, false)
            .instance("nodisk", "n2", "", DiskTemplate.DISKLESS)
            .build();
    c = tagged(offline(c, "n2"), TaggedObject.cluster(), "reinstall");
    assertEquals(List.of(), ops(plan(c)));
    assertEquals("(no item)", next(plan(c), "nodisk"));
  }

  @Test
  void aHealthyClusterPlansNothing() {
    Cluster c = tagged(cluster(), TaggedObject.cluster(), "reinstall");
    assertEquals(List.of(), plan(c).jobs());
    assertEquals(List.of(), plan(c).items());
  }

  @ParameterizedTest(name = "cluster {0}, group {1}, instance {2} -> {3}")
  @CsvSource(
      delimiter = '|',
      value = {
        "''|''|''|not enabled",
        "fix-storage|''|''|repair",
        "''|fix-storage|''|repair",
        "''|''|fix-storage|repair",
        "fix-storage|suspend|''|suspended",
        "fix-storage|''|suspend:1800000600|suspended",
        "suspend|''|fix-storage|repair",
        "suspend|fix-storage|''|repair",
        "reinstall|''|suspend:1799999000|repair",
        "fix-storage|suspend|fix-storage|repair",
        "reinstall|''|suspend:1800000600,reinstall|suspended"
      })
  void theNearestObjectDecides(
      String clusterTags, String groupTags, String instanceTags, String outcome) {
    Cluster c = offline(cluster(), "n3");
    c = tagged(c, TaggedObject.cluster(), split(clusterTags));
    c = tagged(c, new TaggedObject(TaggedObject.Kind.GROUP, "g"), split(groupTags));
    c = tagged(c, TaggedObject.instance("web"), split(instanceTags));
    RoundPlan plan = plan(c);
    String next = next(plan, "web");
    switch (outcome) {
      case "repair" -> assertEquals(1, plan.jobs().size(), next);
      case "suspended" ->
          assertTrue(plan.jobs().isEmpty() && next.contains("auto-repair is suspended"), next);
      default ->
          assertTrue(plan.jobs().isEmpty() && next.contains("auto-repair is not enabled"), next);
    }
  }

  private static String[] split(String tags) {
    return tags.isEmpty() ? new String[0] : tags.split(",");
  }

  @Test
  void anExpiredSuspensionIsRemoved() {
    Cluster c = tagged(cluster(), TaggedObject.instance("db"), "suspend:1799999000", "failover");
    assertEquals(
        List.of(
            new TagChange(
                TaggedObject.instance("db"),
                List.of(),
                List.of(P + "suspend:1799999000"),
                "auto-repair suspension expired")),
        plan(c).tagChanges());
  }

  @Test
  void tooLowALevelWritesAnEnopermResultOnceAndSubmitsNothing() {
    Cluster c = tagged(offline(cluster(), "n2"), TaggedObject.cluster(), "fix-storage");
    RoundPlan plan = plan(c);
    assertEquals(List.of(), plan.jobs());
    List<TagChange> changes = plan.tagChanges();
    assertEquals(2, changes.size(), changes.toString());
    TagChange web = changes.get(0);
    assertEquals(TaggedObject.instance("web"), web.object());
    RepairTag tag = RepairTag.parse(web.add().get(0)).orElseThrow();
    assertEquals(RepairType.FAILOVER, tag.type());
    assertEquals("enoperm", tag.result().orElseThrow().wireName());
    assertEquals(NOW.getEpochSecond(), tag.time());
    assertTrue(
        next(plan, "web").endsWith("only repairs up to fix-storage are allowed (enoperm)"),
        next(plan, "web"));
    Cluster recorded = c.withTagsOf(TaggedObject.instance("web"), t -> List.of(web.add().get(0)));
    assertTrue(
        plan(recorded).tagChanges().stream()
            .noneMatch(t -> t.object().equals(TaggedObject.instance("web"))),
        "the same enoperm is not written again every round");
  }

  @Test
  void aFailedRepairIsNeverRetriedUntilItsTagIsRemoved() {
    Cluster c =
        tagged(
            offline(cluster(), "n3"),
            TaggedObject.instance("web"),
            "fix-storage",
            "result:fix-storage:u1:1700000000:failure:3");
    RoundPlan plan = plan(c);
    assertEquals(List.of(), plan.jobs());
    assertEquals(
        "repair fix-storage failed: no repair until tag "
            + P
            + "result:fix-storage:u1:1700000000:failure:3 is removed",
        next(plan, "web"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "no policy, one-off     | ''          | repair fix-storage pending; secondary n3 is offline,"
            + " needs fix-storage; repair: replace-secondary",
        "a policy as well       | migrate     | repair fix-storage pending; secondary n3 is offline,"
            + " needs fix-storage; repair: replace-secondary",
        "suspended              | suspend     | repair fix-storage pending; secondary n3 is offline,"
            + " needs fix-storage; not continued: auto-repair is suspended"
      })
  void aPendingRepairWithNoJobTakesItsStepWhateverThePolicyUnlessSuspended(
      String what, String policy, String next) {
    Cluster c =
        tagged(
            offline(cluster(), "n3"),
            TaggedObject.instance("web"),
            "pending:fix-storage:u1:1700000000:");
    if (!policy.isEmpty()) {
      c = tagged(c, TaggedObject.cluster(), policy);
    }
    RoundPlan plan = plan(c);
    assertEquals(next, next(plan, "web"));
    assertEquals(
        next.endsWith("replace-secondary"), !plan.jobs().isEmpty(), plan.jobs().toString());
    plan.jobs().forEach(j -> assertEquals("harep:web:fix-storage:u1", j.owner()));
  }

  @Test
  void aPendingRepairIsNotRepeated() {
    Cluster c =
        tagged(
            offline(cluster(), "n3"),
            TaggedObject.instance("web"),
            "fix-storage",
            "pending:fix-storage:u1:1700000000:3");
    assertEquals(List.of(), plan(c).jobs());
    assertEquals("repair fix-storage pending: jobs 3", next(plan(c), "web"));
  }

  @Test
  void incidentsComeFirstAndRepairsNeverShareTheirNodes() {
    AtomicInteger ids = new AtomicInteger();
    Lifecycle lifecycle = new Lifecycle(() -> new UUID(0, ids.incrementAndGet()));
    Observation fault =
        new Observation.Fault(
            new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate")));
    List<Incident> incidents = lifecycle.observe(List.of(), Map.of("n4", fault), NOW).incidents();
    Cluster c = tagged(offline(cluster(), "n3"), TaggedObject.cluster(), "fix-storage");
    RoundPlan plan = uncapped.plan(c, incidents, List.of(), 4, NOW);
    assertEquals(
        List.of(
            Operation.SetNodeFlags.drain("n4"),
            new Operation.ReplaceSecondary("web", "n2", "n3", "n5")),
        ops(plan),
        "n4 is the incident's; the new secondary goes elsewhere");
  }

  @Test
  void anInstanceOnANodeWithAnActiveIncidentIsLeftToTheIncident() {
    AtomicInteger ids = new AtomicInteger();
    Lifecycle lifecycle = new Lifecycle(() -> new UUID(0, ids.incrementAndGet()));
    Observation fault =
        new Observation.Fault(
            new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate")));
    List<Incident> incidents = lifecycle.observe(List.of(), Map.of("n2", fault), NOW).incidents();
    Cluster c = tagged(offline(cluster(), "n3"), TaggedObject.cluster(), "fix-storage");
    RoundPlan plan = uncapped.plan(c, incidents, List.of(), 4, NOW);
    assertEquals(List.of(Operation.SetNodeFlags.drain("n2")), ops(plan));
    assertTrue(
        next(plan, "web")
            .endsWith("waits: node n2 has an active incident, which handles its instances"),
        next(plan, "web"));
  }

  @Test
  void noRoomIsReportedNotSkipped() {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 512, 100000, true)
            .node("n2", "g", 512, 100000, false)
            .node("n3", "g", 512, 100, false)
            .instance("big", "n2", "", DiskTemplate.PLAIN, 4096, InstanceStatus.running)
            .build();
    c = tagged(offline(c, "n2"), TaggedObject.cluster(), "reinstall");
    RoundPlan plan = plan(c);
    assertEquals(List.of(), plan.jobs());
    assertTrue(
        next(plan, "big")
            .endsWith(
                "waits: no node in the group has room for the instance (4096 MiB memory, 1024 MiB disk)"),
        next(plan, "big"));
  }

  @ParameterizedTest(name = "instance tags {0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "suspend:1800000600 | auto-repair is suspended until 1800000600",
        "suspend            | auto-repair is suspended without a time limit"
      })
  void aSuspensionSaysUntilWhen(String instanceTag, String why) {
    Cluster c = tagged(offline(cluster(), "n3"), TaggedObject.cluster(), "fix-storage");
    c = tagged(c, TaggedObject.instance("web"), instanceTag);
    RoundPlan plan = plan(c);
    assertEquals(List.of(), plan.jobs());
    assertEquals(
        "secondary n3 is offline, needs fix-storage; not repaired: " + why, next(plan, "web"));
  }

  @Test
  void anOfflineNodeThatWasEvacuatedDoesNotHoldItsInstancesRepairsBack() {
    Cluster c = tagged(offline(cluster(), "n3"), TaggedObject.cluster(), "fix-storage");
    RoundPlan plan = planner.plan(c, List.of(), List.of("n3"), 4, NOW);
    assertEquals(List.of(new Operation.ReplaceSecondary("web", "n2", "n3", "n4")), ops(plan));
  }

  @Test
  void aRepairWhosePrimaryIsBusyWithAnEarlierRepairWaits() {
    // first's new secondary is n2, the node with the most room; web's primary is n2.
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 2048, 100000, true)
            .node("n2", "g", 16384, 100000, false)
            .node("n3", "g", 8192, 100000, false)
            .node("n4", "g", 8192, 100000, false)
            .node("n5", "g", 8192, 100000, false)
            .instance("first", "n4", "n3", DiskTemplate.DRBD)
            .instance("web", "n2", "n3", DiskTemplate.DRBD)
            .build();
    c = tagged(offline(c, "n3"), TaggedObject.cluster(), "fix-storage");
    RoundPlan plan = plan(c);
    assertEquals(List.of(new Operation.ReplaceSecondary("first", "n4", "n3", "n2")), ops(plan));
    assertEquals(
        "secondary n3 is offline, needs fix-storage;"
            + " waits: its nodes or the instance are busy with another job this round",
        next(plan, "web"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        // what, offline, nodes without room, level, web's next step after its problem
        "both offline, one node with room | n2,n3 | n5    | reinstall   | waits: no second node in"
            + " the group has 1024 MiB disk for the new secondary",
        "both offline, no node with room  | n2,n3 | n4,n5 | reinstall   | waits: no node in the"
            + " group has room for the instance (1024 MiB memory, 1024 MiB disk)",
        "both offline, room               | n2,n3 | ''    | reinstall   | repair: recreate-disks,"
            + " reinstall",
        "secondary offline, no disk       | n3    | n4,n5 | fix-storage | waits: no node in the"
            + " group has 1024 MiB disk for a new secondary",
        "primary offline, secondary full  | n2    | n3    | failover    | waits: its secondary n3"
            + " has 0 MiB free memory, 1024 needed",
        "primary offline, secondary drained | n2  | d:n3  | failover    | waits: its secondary n3"
            + " is drained"
      })
  void aRepairWithoutRoomWaitsAndSaysForWhat(
      String what, String offline, String full, String level, String outcome) {
    // n1, the master, has no room either.
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 0, 0, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 8192, 100000, false)
            .node("n4", "g", 8192, 100000, false)
            .node("n5", "g", 8192, 100000, false)
            .instance("web", "n2", "n3", DiskTemplate.DRBD)
            .build();
    for (String n : full.isEmpty() ? new String[0] : full.split(",")) {
      c =
          n.startsWith("d:")
              ? c.withNode(n.substring(2), x -> x.withFlags(x.flags().withDrained(true)))
              : c.withNode(n, x -> x.withResources(x.resources().withFree(0, 0)));
    }
    c = tagged(offline(c, offline.split(",")), TaggedObject.cluster(), level);
    RoundPlan plan = plan(c);
    assertEquals(outcome.startsWith("repair"), !plan.jobs().isEmpty(), plan.jobs().toString());
    assertTrue(
        next(plan, "web").endsWith("offline, needs " + level + "; " + outcome), next(plan, "web"));
  }

  @ParameterizedTest(name = "drained: {0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "n2    | primary n2 is drained, needs migrate; repair: migrate",
        "n3    | secondary n3 is drained, needs fix-storage; repair: replace-secondary",
        "n2,n3 | (no item)"
      })
  void aDrbdInstanceLeavesADrainedNodeUnlessItsOtherNodeIsDrainedToo(
      String drained, String webNext) {
    Cluster c = cluster();
    for (String n : drained.split(",")) {
      c = c.withNode(n, x -> x.withFlags(x.flags().withDrained(true)));
    }
    c = tagged(c, TaggedObject.cluster(), "migrate");
    RoundPlan plan = plan(c);
    assertEquals(webNext, next(plan, "web"));
    assertEquals(webNext.startsWith("(no item)"), plan.jobs().isEmpty(), plan.jobs().toString());
    assertEquals(List.of(), plan.tagChanges(), "repairs the policy allows write no result tag");
  }

  @ParameterizedTest(name = "last result {0}")
  @CsvSource({
    "'', true",
    "failover:enoperm, false",
    "fix-storage:enoperm, true",
    "failover:success, true"
  })
  void anEnopermResultIsWrittenUnlessTheSameIsTheLastResult(String last, boolean written) {
    Cluster c = tagged(offline(cluster(), "n2"), TaggedObject.cluster(), "fix-storage");
    String old = "";
    if (!last.isEmpty()) {
      String[] parts = last.split(":");
      old =
          new RepairTag(
                  RepairType.parse(parts[0]).orElseThrow(),
                  "u1",
                  1_700_000_000L,
                  RepairResult.parse(parts[1]),
                  List.of())
              .text();
      String tag = old;
      c = c.withTagsOf(TaggedObject.instance("web"), t -> List.of(tag));
    }
    List<TagChange> web =
        plan(c).tagChanges().stream()
            .filter(t -> t.object().equals(TaggedObject.instance("web")))
            .toList();
    if (!written) {
      assertEquals(List.of(), web);
      return;
    }
    assertEquals(1, web.size(), web.toString());
    RepairTag tag = RepairTag.parse(web.get(0).add().get(0)).orElseThrow();
    assertEquals(RepairType.FAILOVER, tag.type());
    assertEquals(Optional.of(RepairResult.ENOPERM), tag.result());
    assertEquals(last.isEmpty() ? List.of() : List.of(old), web.get(0).remove());
  }
}
