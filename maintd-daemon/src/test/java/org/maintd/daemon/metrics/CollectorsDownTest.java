package org.maintd.daemon.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.daemon.metrics.FreshnessGaugesTest.T;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.NodePhase;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.htools.HtoolsReader;
import org.maintd.incident.Observation;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.reboot.RebootAsk;
import org.maintd.reboot.RebootMode;
import org.maintd.reboot.RebootRequest;
import org.maintd.reboot.Reboots;
import org.maintd.reboot.RequestStatus;
import org.maintd.round.PlanSnapshot;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.MaintdState;

/**
 * The collectors that are down where maintd expects an answer: of five unreachable nodes, those
 * Ganeti has offline, DOWN in the schedule, off for a reboot request or rebooted by a campaign do
 * not count; a node drained, a request still pending, a campaign's node soaking do.
 */
class CollectorsDownTest {
  private static final Cluster CLUSTER = new HtoolsReader().read(TestCluster.CLUSTER, "t");

  private static MaintdState request(RequestStatus status) {
    RebootRequest r =
        RebootRequest.accepted(
            "r1",
            new RebootAsk("n2", RebootMode.SOFT, Optional.of("k"), "", false, false, "ops"),
            T);
    if (status != RequestStatus.PENDING) {
      r = r.to(status, T.plusSeconds(60), status.wireName());
    }
    return MaintdState.initial(T).withReboots(Reboots.empty().add(r));
  }

  private static MaintdState machine(MachineMode mode) {
    return MaintdState.initial(T)
        .withMaintenance(
            Maintenance.empty().withMode(new MaintenanceMode("N3", mode, T, "scheduled")));
  }

  private static MaintdState campaign(CampaignStatus status, NodePhase phase) {
    Campaign c = FreshnessGaugesTest.campaign("c1", status, 0);
    c = c.withNode(c.progress("n2").to(phase, T));
    return MaintdState.initial(T).withCampaigns(List.of(c));
  }

  static Stream<Arguments> cases() {
    UnaryOperator<Cluster> same = c -> c;
    UnaryOperator<Cluster> n4Offline =
        c -> c.withNode("n4", n -> n.withFlags(new Node.Flags(false, false, true, false)));
    UnaryOperator<Cluster> n4Drained =
        c -> c.withNode("n4", n -> n.withFlags(new Node.Flags(false, false, false, true)));
    MaintdState none = MaintdState.initial(T);
    return Stream.of(
        Arguments.of("nothing expected off", none, same, 5),
        Arguments.of("n4 offline in Ganeti", none, n4Offline, 4),
        Arguments.of("n4 drained only", none, n4Drained, 5),
        Arguments.of(
            "n3's machine DOWN (its mode names it N3)", machine(MachineMode.DOWN), same, 4),
        Arguments.of("n3's machine DRAIN", machine(MachineMode.DRAIN), same, 5),
        Arguments.of("n2's request pending", request(RequestStatus.PENDING), same, 5),
        Arguments.of("n2's request evacuating", request(RequestStatus.EVACUATING), same, 5),
        Arguments.of("n2's request powering off", request(RequestStatus.POWERING_OFF), same, 4),
        Arguments.of("n2 held off", request(RequestStatus.HELD), same, 4),
        Arguments.of("n2's request powering on", request(RequestStatus.POWERING_ON), same, 4),
        Arguments.of("n2's request done", request(RequestStatus.DONE), same, 5),
        Arguments.of("n2's request failed", request(RequestStatus.FAILED), same, 5),
        Arguments.of(
            "n2 evacuated by a campaign",
            campaign(CampaignStatus.RUNNING, NodePhase.EVACUATE),
            same,
            5),
        Arguments.of(
            "n2 rebooted by a campaign",
            campaign(CampaignStatus.RUNNING, NodePhase.REBOOT),
            same,
            4),
        Arguments.of(
            "n2 booting in a campaign", campaign(CampaignStatus.RUNNING, NodePhase.BOOT), same, 4),
        Arguments.of(
            "n2 booting in a paused campaign",
            campaign(CampaignStatus.PAUSED, NodePhase.BOOT),
            same,
            4),
        Arguments.of(
            "n2 soaking in a campaign", campaign(CampaignStatus.RUNNING, NodePhase.SOAK), same, 5),
        Arguments.of(
            "n2 left at boot by a failed campaign",
            campaign(CampaignStatus.FAILED, NodePhase.BOOT),
            same,
            5));
  }

  @ParameterizedTest(name = "{0}: {3} down")
  @MethodSource("cases")
  void theCollectorsDownAreThoseOfNodesExpectedToAnswer(
      String what, MaintdState state, UnaryOperator<Cluster> cluster, long down) {
    Map<String, CollectorReading> unreachable =
        Stream.of("n1", "n2", "n3", "n4", "n5")
            .collect(
                Collectors.toMap(
                    n -> n,
                    n ->
                        new CollectorReading(
                            n, new Observation.Unknown("x"), "unreachable", "x", T)));
    DaemonView view =
        new DaemonView(state, cluster.apply(CLUSTER), unreachable, PlanSnapshot.none(), "");
    assertEquals(down, CollectorsDown.count(view, "unreachable"), what);
    assertEquals(0, CollectorsDown.count(view, "rejected"), what);
  }

  @Test
  void beforeTheFirstViewNoCollectorIsDown() {
    String text = new DaemonMetrics(MaintdState.initial(T)).scrape();
    assertTrue(text.contains("maintd_collectors_down{health=\"unreachable\"} 0.0"), text);
  }
}
