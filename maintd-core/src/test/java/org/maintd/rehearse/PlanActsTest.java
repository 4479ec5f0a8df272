package org.maintd.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.CampaignStatus;
import org.maintd.campaign.DailyWindow;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeProgress;
import org.maintd.campaign.NodeSelection;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Node;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;
import org.maintd.round.Command;
import org.maintd.spi.MaintdState;
import org.maintd.testing.CampaignSpecs;

/**
 * The acts of a schedule posted and of a campaign started: the command each stands for, what each
 * says, when its work is done (each machine where its window puts it; the campaign ended).
 */
class PlanActsTest {
  private static final Instant T0 = Instant.ofEpochSecond(1_800_000_000);
  private static final MaintdState INITIAL = MaintdState.initial(T0);

  private static Window window(String machine, boolean auto) {
    return new Window(
        List.of(MachineId.of(machine)),
        1_800_000_000_000_000_000L,
        OptionalLong.empty(),
        auto,
        false);
  }

  /** The cluster with n2 drained or not, and web placed as {@code web:P:S} or nowhere. */
  private static Cluster cluster(boolean n2Drained, String placed) {
    Cluster c = placed.isEmpty() ? ThreeNodes.with() : ThreeNodes.with(placed);
    return c.withNode(
        "n2",
        n ->
            new Node(
                n.name(),
                n.uuid(),
                n.group(),
                new Node.Flags(false, false, false, n2Drained),
                n.resources(),
                n.tags()));
  }

  private static Maintenance maintenance(Schedule s, MachineMode n2) {
    Maintenance m = Maintenance.empty().withSchedule(s);
    return n2 == MachineMode.UP ? m : m.withMode(new MaintenanceMode("N2", n2, T0, "window"));
  }

  @ParameterizedTest
  @CsvSource({
    // auto, mode,  in schedule, drained, placed,      done
    "false, DRAIN, true,  true,  '',           'n2 DRAIN, drained and holding no instance'",
    "false, DRAIN, true,  false, '',           ''",
    "false, DRAIN, true,  true,  'web:n2:n3',  ''",
    "false, DRAIN, true,  true,  'web:n3:n2',  ''",
    "false, UP,    true,  true,  '',           ''",
    "false, DOWN,  true,  true,  '',           'n2 DOWN'",
    "true,  DRAIN, true,  true,  '',           ''",
    "true,  DOWN,  true,  true,  '',           'n2 DOWN'",
    "true,  UP,    false, false, '',           'n2 back UP, its window over'",
  })
  void aMachineIsWhereItsWindowPutsItDrainedAndEmptyOrDownForAnAutoWindow(
      boolean auto,
      MachineMode mode,
      boolean scheduled,
      boolean drained,
      String placed,
      String said) {
    Schedule posted = new Schedule(List.of(window("N2", auto), window("n9", false)));
    Maintenance m = maintenance(scheduled ? posted : Schedule.empty(), mode);
    assertEquals(
        said.isEmpty()
            ? Optional.empty()
            : Optional.of("every machine of the schedule is where its window puts it: " + said),
        WindowPlaces.reached(posted, m, cluster(drained, placed)));
  }

  @Test
  void everyMachineMustBeInPlaceAndAScheduleOfNoNodeIsDoneAtOnce() {
    Schedule two = new Schedule(List.of(window("n2", false), window("n3", true)));
    Maintenance m = maintenance(two, MachineMode.DRAIN);
    assertEquals(Optional.empty(), WindowPlaces.reached(two, m, cluster(true, "")));
    Maintenance both = m.withMode(new MaintenanceMode("n3", MachineMode.DOWN, T0, "auto"));
    assertEquals(
        Optional.of(
            "every machine of the schedule is where its window puts it: n2 DRAIN, drained and"
                + " holding no instance; n3 DOWN"),
        WindowPlaces.reached(two, both, cluster(true, "")));
    assertEquals(
        Optional.of("the schedule names no node of the cluster: nothing is to be drained"),
        WindowPlaces.reached(Schedule.empty(), Maintenance.empty(), cluster(false, "")));
  }

  @Test
  void aPostedScheduleIsThePostOfItsScheduleWhateverTheVersionAndSaysItsMachines() {
    Schedule s = new Schedule(List.of(window("n2", false), window("n3", true)));
    Act.PostedSchedule act = new Act.PostedSchedule(s, "ops");
    assertEquals(Optional.of(new Command.PostSchedule(s, "ops")), act.command(INITIAL, T0));
    assertEquals("n2, n3", act.node());
    assertEquals("the schedule posted (maintctl schedule set), 2 window(s): n2, n3", act.says());
    assertEquals(
        "the schedule posted (maintctl schedule set), 0 window(s): none, the schedule cleared",
        new Act.PostedSchedule(Schedule.empty(), "ops").says());
    MaintdState placed =
        INITIAL.withMaintenance(
            maintenance(s, MachineMode.DRAIN)
                .withMode(new MaintenanceMode("n3", MachineMode.DOWN, T0, "auto")));
    assertEquals(
        WindowPlaces.reached(s, placed.maintenance(), cluster(true, "")),
        act.done(placed, cluster(true, "")));
    assertEquals(Optional.empty(), act.reports());
  }

  private static Campaign campaign(String id, CampaignSpec spec, CampaignStatus status) {
    return campaign(id, spec, status, "");
  }

  private static Campaign campaign(
      String id, CampaignSpec spec, CampaignStatus status, String next) {
    return new Campaign(
        id,
        spec,
        status,
        status == CampaignStatus.COMPLETED ? "" : "n2 did not come back",
        List.of(List.of("n2"), List.of("n3")),
        2,
        List.of(
            NodeProgress.waiting("n2", T0).to(NodePhase.DONE, T0),
            NodeProgress.waiting("n3", T0).to(NodePhase.SKIPPED, T0)),
        List.of(),
        List.of(),
        next,
        T0,
        T0);
  }

  @ParameterizedTest
  @CsvSource({
    "RUNNING,   'group 1 of 2: n2: waits for the safety cap', 'campaign c2: group 1 of 2: n2: waits for the safety cap'",
    "PAUSED,    'paused: by ops',                             'campaign c2: paused: by ops'",
    "RUNNING,   '',                                           ''",
    "COMPLETED, 'nothing: completed',                         ''",
  })
  void aCampaignUnderWaySaysWhatItWaitsForInItsOwnWords(
      CampaignStatus status, String next, String said) {
    CampaignSpec spec = CampaignSpecs.oneNode("n2");
    MaintdState state =
        INITIAL.withCampaigns(
            List.of(
                campaign("c1", spec, CampaignStatus.RUNNING, "older"),
                campaign("c2", spec, status, next),
                campaign("c3", CampaignSpecs.oneNode("n3"), CampaignStatus.RUNNING, "other")));
    assertEquals(
        said.isEmpty() ? Optional.empty() : Optional.of(said),
        new Act.CampaignStart(spec, "ops").waiting(state));
    assertEquals(Optional.empty(), new Act.CampaignStart(spec, "ops").waiting(INITIAL));
    assertEquals(
        Optional.empty(),
        new Act.PostedSchedule(Schedule.empty(), "ops").waiting(state),
        "the plan names a schedule's waits");
  }

  @ParameterizedTest
  @CsvSource({
    "COMPLETED, 'campaign c2 completed: 1 node(s) rebooted'",
    "FAILED,    'campaign c2 failed: n2 did not come back'",
    "ABORTED,   'campaign c2 aborted: n2 did not come back'",
    "RUNNING,   ''",
    "PAUSED,    ''",
    "ABORTING,  ''",
    "FAILING,   ''",
  })
  void aCampaignIsDoneOnceTheLastOneAskedSoHasEnded(CampaignStatus status, String said) {
    CampaignSpec spec = CampaignSpecs.oneNode("n2");
    CampaignSpec other = CampaignSpecs.oneNode("n3");
    List<Campaign> all = new ArrayList<>();
    all.add(campaign("c1", spec, CampaignStatus.COMPLETED));
    all.add(campaign("c2", spec, status));
    all.add(campaign("c3", other, CampaignStatus.FAILED));
    Act.CampaignStart act = new Act.CampaignStart(spec, "ops");
    assertEquals(
        said.isEmpty() ? Optional.empty() : Optional.of(said),
        act.done(INITIAL.withCampaigns(all), cluster(false, "")));
    assertEquals(Optional.empty(), act.done(INITIAL, cluster(false, "")));
    assertEquals(Optional.of(new Command.StartCampaign(spec, "ops")), act.command(INITIAL, T0));
  }

  @Test
  void aCampaignSaysItsSelectionModeCapSoakAndWindows() {
    assertEquals(
        "a rolling-reboot campaign of nodes n2 (migrate-reboot, soak 10 s) started (maintctl"
            + " campaign start)",
        new Act.CampaignStart(CampaignSpecs.oneNode("n2"), "ops").says());
    CampaignSpec full =
        new CampaignSpec(
            NodeSelection.all(),
            CampaignMode.FULL_EVACUATION,
            2,
            Duration.ofMinutes(5),
            Duration.ofMinutes(15),
            List.of(DailyWindow.parse("22:00-04:00")));
    Act.CampaignStart act = new Act.CampaignStart(full, "ops");
    assertEquals(
        "a rolling-reboot campaign of all nodes (full-evacuation, at most 2 at once, soak 300 s,"
            + " windows [22:00-04:00]) started (maintctl campaign start)",
        act.says());
    assertEquals("all nodes", act.node());
  }
}
