package org.maintd.rehearse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.diagnose.DiagnoseStatus;
import org.maintd.diagnose.Diagnosis;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;
import org.maintd.reboot.RebootAsk;
import org.maintd.reboot.RebootMode;
import org.maintd.reboot.RebootRequest;
import org.maintd.reboot.Reboots;
import org.maintd.reboot.RequestStatus;
import org.maintd.round.Command;
import org.maintd.spi.MaintdState;

/** Each act: the command it stands for, what it says, and when its work is done. */
class ActTest {
  private static final Instant T0 = Instant.ofEpochSecond(1_800_000_000, 5);
  private static final MaintdState INITIAL = MaintdState.initial(T0);

  private static Cluster cluster(boolean n2Drained, boolean n2Offline, String... placed) {
    return flagged(ThreeNodes.with(placed), "n2", n2Offline, n2Drained);
  }

  /** {@code c} with node {@code name} offline and drained as told. */
  private static Cluster flagged(Cluster c, String name, boolean offline, boolean drained) {
    return c.withNode(
        name,
        n ->
            new org.maintd.cluster.Node(
                n.name(),
                n.uuid(),
                n.group(),
                new org.maintd.cluster.Node.Flags(false, false, offline, drained),
                n.resources(),
                n.tags()));
  }

  @Test
  void aDrainIsTheScheduleWithAWindowForItsNodeFromNowWithNoEnd() {
    Window kept = new Window(List.of(MachineId.of("n3")), 7, OptionalLong.of(9), true, true);
    MaintdState stored =
        INITIAL.withMaintenance(INITIAL.maintenance().withSchedule(new Schedule(List.of(kept))));
    Command<?> c = new Act.Drain("n2", "ops").command(stored, T0).orElseThrow();
    assertEquals(
        new Command.PostSchedule(
            new Schedule(
                List.of(
                    kept,
                    new Window(
                        List.of(MachineId.of("n2")),
                        1_800_000_000_000_000_005L,
                        OptionalLong.empty(),
                        false,
                        false))),
            "ops"),
        c);
    assertEquals(Optional.empty(), new Act.Drain("n2", "ops").reports());
  }

  @ParameterizedTest
  @CsvSource({
    "true,  '',                  true",
    "false, '',                  false",
    "true,  'web:n2:n3',         false",
    "true,  'web:n3:n2',         false",
    "true,  'web:n3:n1',         true",
  })
  void aDrainIsDoneOnceItsNodeIsDrainedAndHoldsNoInstance(
      boolean drained, String placed, boolean done) {
    Cluster c = placed.isEmpty() ? cluster(drained, false) : cluster(drained, false, placed);
    assertEquals(
        done ? Optional.of("n2 is drained and holds no instance") : Optional.empty(),
        new Act.Drain("n2", "ops").done(INITIAL, c));
    assertEquals(Optional.empty(), new Act.Drain("n9", "ops").done(INITIAL, c));
  }

  /** {@code c} with n2 and n3 drained as told. */
  private static Cluster drained(Cluster c, boolean n2, boolean n3) {
    return flagged(flagged(c, "n2", false, n2), "n3", false, n3);
  }

  @ParameterizedTest
  @CsvSource({
    "true,  true,  '',           true",
    "true,  false, '',           false",
    "false, true,  '',           false",
    "false, false, '',           false",
    "true,  true,  'web:n1:',    true",
    "true,  true,  'web:n2:n1',  false",
    "true,  true,  'web:n1:n2',  false",
    "true,  true,  'web:n3:n1',  false",
    "true,  true,  'web:n1:n3',  false",
    "true,  true,  'web:n3:',    false",
  })
  void aDrainOfSeveralNodesIsDoneOnceEveryOneIsDrainedAndHoldsNoInstance(
      boolean n2, boolean n3, String placed, boolean done) {
    Cluster c = drained(placed.isEmpty() ? ThreeNodes.with() : ThreeNodes.with(placed), n2, n3);
    assertEquals(
        done ? Optional.of("n3, n2 are drained and hold no instance") : Optional.empty(),
        new Act.Drain(List.of("n3", "n2"), "ops").done(INITIAL, c));
  }

  @Test
  void aDrainOfSeveralNodesIsOneWindowNamingThemAllInTheirOrder() {
    Act.Drain drain = new Act.Drain(List.of("n3", "n2"), "ops");
    assertEquals(
        Optional.of(
            new Command.PostSchedule(
                new Schedule(
                    List.of(
                        new Window(
                            List.of(MachineId.of("n3"), MachineId.of("n2")),
                            1_800_000_000_000_000_005L,
                            OptionalLong.empty(),
                            false,
                            false))),
                "ops")),
        drain.command(INITIAL, T0));
    assertEquals("n3", drain.node());
    assertEquals(
        "drain n3, n2: a maintenance window for n3, n2 from now on, with no end, added to the"
            + " schedule (maintctl schedule add n3 n2 --start +0s)",
        drain.says());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {"'' | a drain names at least one node", "n2,n3,n2 | a drain names n2 twice"})
  void aDrainNamingNoNodeOrANodeTwiceIsRefusedSayingSo(String nodes, String message) {
    List<String> named = nodes.isEmpty() ? List.of() : List.of(nodes.split(","));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new Act.Drain(named, "ops"));
    assertEquals(message, e.getMessage());
  }

  private static RebootAsk ask(String key) {
    return new RebootAsk(
        "n2", RebootMode.SOFT, Optional.ofNullable(key), "disks", true, false, "ops");
  }

  private static MaintdState withRequests(RebootRequest... requests) {
    return INITIAL.withReboots(new Reboots(List.of(requests), List.of()));
  }

  @ParameterizedTest
  @CsvSource({
    "alpha, HELD,        false, false, 'n2 is off, held by key alpha until it is released (maintctl release n2 alpha)'",
    "alpha, POWERING_OFF, false, false, ''",
    ",      DONE,        false, false, 'n2 rebooted and is back in service'",
    ",      DONE,        true,  false, ''",
    ",      DONE,        false, true,  ''",
    ",      EVACUATING,  false, false, ''",
    ",      FAILED,      true,  false, 'the reboot request of n2 failed'",
  })
  void aRebootIsDoneOnceItsRequestHoldsOrEndsWithItsNodeBack(
      String key, RequestStatus status, boolean drained, boolean offline, String said) {
    RebootRequest older =
        RebootRequest.accepted("r0", ask(key), T0).to(RequestStatus.FAILED, T0, "x");
    RebootRequest other = RebootRequest.accepted("r1", ask("beta"), T0);
    RebootRequest mine = RebootRequest.accepted("r2", ask(key), T0).to(status, T0, "now");
    Act.Reboot act = new Act.Reboot(ask(key));
    assertEquals(
        said.isEmpty() ? Optional.empty() : Optional.of(said),
        act.done(withRequests(older, mine, other), cluster(drained, offline)));
    assertEquals(Optional.empty(), act.done(INITIAL, cluster(false, false)));
    assertEquals(Optional.of(new Command.RequestReboot(ask(key))), act.command(INITIAL, T0));
  }

  @Test
  void eachActSaysWhatItPlays() {
    assertEquals(
        "drain n2: a maintenance window for n2 from now on, with no end, added to the schedule"
            + " (maintctl schedule add n2 --start +0s)",
        new Act.Drain("n2", "ops").says());
    assertEquals(
        "soft reboot of n2 held by key alpha, drained and emptied first",
        new Act.Reboot(ask("alpha")).says());
    assertEquals(
        "hard reboot of n2, once, not emptied first",
        new Act.Reboot(
                new RebootAsk("n2", RebootMode.HARD, Optional.empty(), "", false, false, "ops"))
            .says());
    assertEquals(
        "n2 reports evacuate from the next poll on", new Act.Diagnose("n2", evacuate()).says());
    assertEquals("n2", new Act.Reboot(ask(null)).node());
  }

  private static Diagnosis evacuate() {
    return new Diagnosis(DiagnoseStatus.EVACUATE, Optional.empty(), Map.of("status", "evacuate"));
  }

  @ParameterizedTest
  @CsvSource({
    "n2, COMPLETED, 'the incident of n2 (evacuate) completed'",
    "n2, FAILED,    'the incident of n2 (evacuate) failed'",
    "n2, PENDING,   ''",
    "n3, COMPLETED, ''",
  })
  void aDiagnosisIsDoneOnceItsIncidentEnded(String node, IncidentStatus status, String said) {
    Incident i = Incident.noted(new UUID(0, 1), node, evacuate(), T0).withStatus(status);
    Act.Diagnose act = new Act.Diagnose("n2", evacuate());
    assertEquals(
        said.isEmpty() ? Optional.empty() : Optional.of(said),
        act.done(INITIAL.withIncidents(List.of(i)), cluster(false, false)));
    assertEquals(Optional.empty(), act.command(INITIAL, T0));
    assertEquals(Optional.of(evacuate()), act.reports());
  }
}
