package org.maintd.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.testing.Verdicts.allowed;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.Campaigns;
import org.maintd.campaign.NodePhase;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.incident.Incident;
import org.maintd.incident.Lifecycle;
import org.maintd.incident.Observation;
import org.maintd.job.Operation;
import org.maintd.testing.CampaignSpecs;
import org.maintd.testing.ClusterBuilder;

/** When a node may be put back in service, and what {@code --force} changes. */
class MachineUpTest {
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);
  private static final Lifecycle LIFECYCLE = new Lifecycle(UUID::randomUUID);
  private static final Observation OK = new Observation.Clear();

  private static Cluster cluster(UnaryOperator<Cluster> change) {
    Cluster c =
        new ClusterBuilder()
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .node("n3", "g", 8192, 100000, false)
            .instance("i1", "n1", "n3", DiskTemplate.DRBD)
            .build();
    return change.apply(c);
  }

  private static Cluster n2(UnaryOperator<org.maintd.cluster.Node> change) {
    return cluster(c -> c.withNode("n2", change));
  }

  private static final Cluster DRAINED = n2(n -> n.withFlags(n.flags().withDrained(true)));
  private static final Cluster OFFLINE =
      n2(n -> n.withFlags(n.flags().withDrained(true).withOffline(true)));
  private static final List<Machine> TAKEN =
      List.of(new Machine("n2", NOW.minusSeconds(60), "some-incident", "drain n2"));

  private static Incident incident(String status) {
    Observation fault =
        new Observation.Fault(
            new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate")));
    Incident noted =
        LIFECYCLE.observe(List.of(), Map.of("n2", fault), NOW.minusSeconds(120)).incidents().get(0);
    return switch (status) {
      case "noted" -> noted;
      case "pending" -> LIFECYCLE.submitted(noted, List.of("1"), "drain", NOW);
      case "completed" -> LIFECYCLE.tagged(LIFECYCLE.completed(noted, "done", NOW));
      case "failed" -> LIFECYCLE.tagged(LIFECYCLE.failed(noted, "job 1 error", NOW));
      case "canceled" -> LIFECYCLE.cancel(noted, NOW, "by test");
      default -> throw new IllegalArgumentException(status);
    };
  }

  private static Verdict<MachineUp.BringUp> decide(
      Cluster c,
      List<Incident> incidents,
      List<Machine> machines,
      Observation last,
      boolean force) {
    Map<String, Observation> reports = last == null ? Map.of() : Map.of("n2", last);
    return new MachineUp(incidents, machines, List.of(), reports)
        .decide(c.node("n2").orElseThrow(), force, "alice", NOW);
  }

  static Stream<Arguments> refusals() {
    Observation fault =
        new Observation.Fault(
            new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate")));
    Incident completed = incident("completed");
    Incident failed = incident("failed");
    return Stream.of(
        Arguments.of(
            "drained by hand",
            DRAINED,
            List.of(),
            List.of(),
            OK,
            "maintd did not take n2 out of service"),
        Arguments.of(
            "incident noted", DRAINED, List.of(incident("noted")), TAKEN, OK, "is still noted"),
        Arguments.of(
            "incident pending",
            DRAINED,
            List.of(incident("pending")),
            TAKEN,
            OK,
            "is still pending"),
        Arguments.of(
            "completed, tag still on the node",
            n2(n -> n.withFlags(n.flags().withDrained(true)).withTag(completed.tag())),
            List.of(completed),
            TAKEN,
            OK,
            "acknowledge it first (maintctl ack " + completed.uuid() + ")"),
        Arguments.of(
            "failed, not acknowledged",
            n2(n -> n.withFlags(n.flags().withDrained(true)).withTag(failed.tag())),
            List.of(failed),
            TAKEN,
            OK,
            "is failed: acknowledge it first"),
        Arguments.of(
            "still reports a fault", OFFLINE, List.of(), TAKEN, fault, "n2 still reports evacuate"),
        Arguments.of(
            "collector unreachable",
            OFFLINE,
            List.of(),
            TAKEN,
            new Observation.Unknown("connection refused"),
            "n2's collector has not reported Ok (connection refused)"),
        Arguments.of(
            "never polled",
            OFFLINE,
            List.of(),
            TAKEN,
            null,
            "n2's collector has not been polled yet"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusals")
  void refusedUnlessForcedWithTheReason(
      String name,
      Cluster c,
      List<Incident> incidents,
      List<Machine> machines,
      Observation last,
      String reason) {
    Verdict.Refused<?> refused =
        assertInstanceOf(Verdict.Refused.class, decide(c, incidents, machines, last, false));
    assertTrue(refused.reason().contains(reason), refused.reason());
    assertTrue(refused.reason().endsWith("(--force puts it back anyway)"), refused.reason());
    assertInstanceOf(Verdict.Allowed.class, decide(c, incidents, machines, last, true));
  }

  @Test
  void aNodeMaintdTookOutWhoseIncidentIsOverGoesBackWithOneJobThatClearsItsFlags() {
    Incident completed = incident("completed");
    MachineUp.BringUp up =
        allowed(decide(OFFLINE, List.of(completed, incident("canceled")), TAKEN, OK, false));
    assertEquals("n2", up.node());
    assertEquals(
        List.of(new Operation.SetNodeFlags("n2", Optional.of(false), Optional.of(false))),
        up.job().operations());
    assertEquals(MachineUp.ownerOf("n2"), up.job().owner());
    assertTrue(
        up.job().reason().text().startsWith("machine n2 up: put back in service by alice ["),
        up.job().reason().text());
    assertEquals(List.of(), up.cancels());
  }

  @Test
  void aDrainedNodeOnlyGetsUndrained() {
    MachineUp.BringUp up = allowed(decide(DRAINED, List.of(), TAKEN, OK, false));
    assertEquals(
        List.of(new Operation.SetNodeFlags("n2", Optional.of(false), Optional.empty())),
        up.job().operations());
  }

  @Test
  void forcingCancelsTheNodesActiveIncidentsSoThatNothingDrainsItAgain() {
    Incident pending = incident("pending");
    MachineUp.BringUp up =
        allowed(decide(DRAINED, List.of(pending, incident("completed")), TAKEN, OK, true));
    assertEquals(List.of(pending.uuid()), up.cancels());
    assertTrue(up.job().reason().text().contains("(forced)"));
  }

  @Test
  void aNodeInServiceIsNeverPutBack() {
    Verdict.Refused<?> up =
        assertInstanceOf(
            Verdict.Refused.class, decide(cluster(c -> c), List.of(), TAKEN, OK, true));
    assertEquals("n2 is already in service (neither drained nor offline)", up.reason());
  }

  @Test
  void aNodeThatACampaignUnderWayHoldsIsRefusedEvenWhenForced() {
    Campaign c = new Campaigns().create("c1", CampaignSpecs.oneNode("n2"), DRAINED, NOW);
    Campaign rebooting = c.withNode(c.progress("n2").to(NodePhase.BOOT, NOW));
    MachineUp rules = new MachineUp(List.of(), TAKEN, List.of(rebooting), Map.of("n2", OK));
    org.maintd.cluster.Node n2 = DRAINED.node("n2").orElseThrow();
    Verdict.Refused<?> r =
        assertInstanceOf(Verdict.Refused.class, rules.decide(n2, true, "alice", NOW));
    assertTrue(r.reason().contains("campaign c1 is rebooting n2"), r.reason());
    Campaign failed = rebooting.withStatus(CampaignStatus.FAILED, "n2 did not come back");
    assertInstanceOf(
        Verdict.Allowed.class,
        new MachineUp(List.of(), TAKEN, List.of(failed), Map.of("n2", OK))
            .decide(n2, false, "alice", NOW));
  }
}
