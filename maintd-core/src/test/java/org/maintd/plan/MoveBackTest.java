package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.Home;
import org.maintd.campaign.NodeProgress;
import org.maintd.campaign.NodeSelection;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Node;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.safety.Allowance;
import org.maintd.safety.SafetyCaps;
import org.maintd.testing.ClusterBuilder;

/**
 * One instance's move back to n2, case by case: what it came to, and the job planned for it. DRBD d
 * runs on n3 with its secondary on n4; shared s and plain p run on n3; n2 has room unless a case
 * says otherwise.
 */
class MoveBackTest {
  private static final Instant T = Instant.parse("2026-11-22T12:00:00Z");
  private static final MoveBack.Move PLANNED = new MoveBack.Move.Planned();

  private static Cluster cluster() {
    return new ClusterBuilder()
        .node("n2", "g", 8192, 100000, false)
        .node("n3", "g", 8192, 100000, false)
        .node("n4", "g", 8192, 100000, false)
        .instance("d", "n3", "n4", DiskTemplate.DRBD)
        .instance("s", "n3", "", DiskTemplate.SHAREDFILE)
        .instance("p", "n3", "", DiskTemplate.PLAIN)
        .build();
  }

  private static Cluster flag(Cluster c, boolean offline) {
    return c.withNode(
        "n2",
        n -> n.withFlags(offline ? n.flags().withOffline(true) : n.flags().withDrained(true)));
  }

  private static Cluster without(Cluster c, String node) {
    List<Node> left = c.nodes().stream().filter(n -> !n.name().equals(node)).toList();
    return new Cluster(c.name(), c.groups(), left, c.instances(), c.tags(), c.policies());
  }

  private static Arguments row(
      String name,
      Cluster cluster,
      String busy,
      String instance,
      boolean primary,
      MoveBack.Move expected,
      Operation... ops) {
    return Arguments.of(name, cluster, busy, instance, primary, expected, List.of(ops));
  }

  static Stream<Arguments> cases() {
    Cluster c = cluster();
    String none = "";
    return Stream.of(
        row("n2 gone", without(c, "n2"), none, "s", true, stays("n2 is gone again")),
        row("n2 offline again", flag(c, true), none, "s", true, stays("n2 is offline again")),
        row("n2 drained again", flag(c, false), none, "s", true, stays("n2 is drained again")),
        row("the instance busy", c, "instance s", "s", true, busy("instance in another job")),
        row(
            "a node of the move busy",
            c,
            "node n3",
            "s",
            true,
            busy("a node of the move is in another job")),
        row(
            "no room on n2",
            c.withNode("n2", n -> n.withResources(n.resources().withFree(512, 100000))),
            none,
            "s",
            true,
            stays("n2 has 512 MiB free memory, 1024 needed")),
        row("shared, running", c, none, "s", true, PLANNED, new Operation.Migrate("s", "n3", "n2")),
        row("plain: copied", c, none, "p", true, PLANNED, new Operation.Move("p", "n3", "n2")),
        row(
            "DRBD with its secondary home: migrated",
            c.withInstance("d", i -> i.placedOn("n3", "n2")),
            none,
            "d",
            true,
            PLANNED,
            new Operation.Migrate("d", "n3", "n2")),
        row(
            "DRBD primary with its secondary elsewhere: the secondary first",
            c,
            none,
            "d",
            true,
            PLANNED,
            new Operation.ReplaceSecondary("d", "n3", "n4", "n2")),
        row(
            "DRBD secondary",
            c,
            none,
            "d",
            false,
            PLANNED,
            new Operation.ReplaceSecondary("d", "n3", "n4", "n2")));
  }

  private static MoveBack.Move stays(String reason) {
    return new MoveBack.Move.Stays(reason);
  }

  private static MoveBack.Move busy(String reason) {
    return new MoveBack.Move.Busy(reason);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void anInstanceGoesBackWaitsOrStays(
      String name,
      Cluster cluster,
      String busy,
      String instance,
      boolean primary,
      MoveBack.Move expected,
      List<Operation> ops) {
    RoundContext ctx =
        new RoundContext(
            cluster, 1, 0, Set.of(), new SafetyCaps(new Allowance(2, false), List.of()));
    String held = busy.replaceFirst("^(node|instance) ", "");
    ctx.claims.claim(
        "someone-else",
        busy.startsWith("node ") ? List.of(held) : List.of(),
        busy.startsWith("instance ") ? List.of(held) : List.of());
    CampaignSpec spec =
        new CampaignSpec(
            NodeSelection.all(),
            CampaignMode.MIGRATE_REBOOT,
            0,
            Duration.ofSeconds(60),
            Duration.ofSeconds(600),
            List.of());
    Campaign campaign =
        new Campaign(
            "c1",
            spec,
            CampaignStatus.RUNNING,
            "",
            List.of(List.of("n2")),
            0,
            List.of(NodeProgress.waiting("n2", T)),
            List.of(),
            List.of(),
            "",
            T,
            T);
    List<JobSpec> jobs = new ArrayList<>();
    MoveBack back = new MoveBack(ctx, new CampaignJobs(ctx, campaign, "n2", jobs), "n2", T);
    MoveBack.Move move =
        back.move(cluster.instance(instance).orElseThrow(), new Home(instance, "n2", primary));
    assertEquals(expected, move, name);
    assertEquals(ops, jobs.stream().flatMap(j -> j.operations().stream()).toList(), name);
    jobs.forEach(
        j ->
            assertEquals(
                "campaign c1 (migrate-reboot, group 1 of 1): "
                    + ops.get(0).kind()
                    + " "
                    + instance
                    + " back to n2",
                j.reason().text().replaceAll(" \\[.*\\]$", ""),
                name));
  }
}
