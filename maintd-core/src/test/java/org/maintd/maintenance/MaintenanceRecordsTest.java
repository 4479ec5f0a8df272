package org.maintd.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.machine.MachineMode;

/**
 * The maintenance record's changes: modes, machines dropped, answers replaced; a machine's failed
 * job putting its mode back; a machine job's key and reason; IP literals.
 */
class MaintenanceRecordsTest {
  static final Instant NOW = Instant.ofEpochSecond(1_800_000_000, 250);

  static Consent answer(String instance, String node, Consent.Answer a) {
    return new Consent(instance, node, a, "r", NOW, Optional.empty(), "tag");
  }

  static Maintenance twoMachines() {
    Window w =
        new Window(
            List.of(MachineId.of("n1"), MachineId.of("n2")),
            1_800_003_600_000_000_000L,
            OptionalLong.empty(),
            false,
            false);
    return Maintenance.empty()
        .withSchedule(new Schedule(List.of(w)))
        .withMode(new MaintenanceMode("n1", MachineMode.DRAIN, NOW, "due"))
        .withMode(new MaintenanceMode("N2", MachineMode.DOWN, NOW, "down"))
        .withConsent(answer("a", "n1", Consent.Answer.DECLINE))
        .withConsent(answer("b", "n2", Consent.Answer.ACCEPT));
  }

  @Test
  void aModeReplacesTheMachinesOwnWhateverTheCase() {
    Maintenance m =
        twoMachines().withMode(new MaintenanceMode("N1", MachineMode.DOWN, NOW, "taken down"));
    assertEquals(MachineMode.DOWN, m.modeOf("n1"));
    assertEquals(2, m.modes().size());
    assertEquals(MachineMode.DOWN, m.modeOf("n2"));
    assertEquals(MachineMode.UP, m.modeOf("n3"));
  }

  @Test
  void aMachineDroppedLeavesTheOthersAsTheyWere() {
    Maintenance m = twoMachines().withoutMachine("N1", "n1");
    assertEquals(MachineMode.UP, m.modeOf("n1"));
    assertEquals(MachineMode.DOWN, m.modeOf("n2"));
    assertEquals(List.of(answer("b", "n2", Consent.Answer.ACCEPT)), m.consents());
    assertEquals(List.of("n2"), m.schedule().machines().stream().map(MachineId::hostname).toList());
  }

  @Test
  void answersAreKeptPerInstanceAndNode() {
    Maintenance m =
        twoMachines()
            .withConsent(answer("a", "n1", Consent.Answer.ACCEPT))
            .withConsent(answer("a", "n2", Consent.Answer.DECLINE));
    assertEquals(
        List.of(answer("a", "n1", Consent.Answer.ACCEPT)), m.consentsOn("n1"), "replaced on n1");
    assertEquals(
        List.of(
            answer("b", "n2", Consent.Answer.ACCEPT), answer("a", "n2", Consent.Answer.DECLINE)),
        m.consentsOn("n2"));
    assertEquals(List.of(), m.consentsOn("n3"));
  }

  private static JobSpec job(String node, Operation op) {
    return MachineJobs.of(node, "step", op, "what", NOW);
  }

  /**
   * A machine's job that failed puts back the mode it was to establish (an offline job: DRAIN when
   * its node is drained, else UP), and stops a forced down; its notice names the job either way.
   */
  @ParameterizedTest(name = "{0} machine, {1} failed: {2}")
  @org.junit.jupiter.params.provider.CsvSource({
    "DOWN, offline, DRAIN",
    "DOWN from UP, offline, UP",
    "DRAIN, drain, UP",
    "DRAIN, back online drained, DOWN",
    "DOWN, drain, DOWN",
    "DOWN, back online drained, DOWN",
    "DRAIN, offline, DRAIN",
    "DRAIN, undrain, DRAIN",
    "DRAIN, migrate, DRAIN",
    "going DOWN, migrate, DRAIN",
    "going DOWN, drain, UP",
    "UP, offline, UP"
  })
  void aFailedJobPutsBackTheModeItWasToEstablishAndGivesANotice(
      String before, String failed, String after) {
    Maintenance m =
        switch (before) {
          case "UP" -> twoMachines().withoutMode("n1");
          case "DOWN from UP" ->
              twoMachines().withMode(new MaintenanceMode("n1", MachineMode.DOWN, NOW, ""));
          case "going DOWN" ->
              twoMachines()
                  .withMode(new MaintenanceMode("n1", MachineMode.DRAIN, NOW, "going DOWN", true));
          default ->
              twoMachines()
                  .withMode(new MaintenanceMode("n1", MachineMode.valueOf(before), NOW, ""));
        };
    Operation op =
        switch (failed) {
          case "offline" -> Operation.SetNodeFlags.offline("n1");
          case "drain" -> Operation.SetNodeFlags.drain("n1");
          case "back online drained" ->
              new Operation.SetNodeFlags("n1", Optional.of(true), Optional.of(false));
          case "undrain" -> new Operation.SetNodeFlags("n1", Optional.of(false), Optional.empty());
          default -> new Operation.Migrate("i1", "n1", "n3");
        };
    JobSpec job = job("n1", op);
    org.maintd.cluster.Cluster c =
        new org.maintd.testing.ClusterBuilder()
            .node("n1", "g", 8192, 100000, false)
            .build()
            .withNode(
                "n1", n -> n.withFlags(n.flags().withDrained(!before.equals("DOWN from UP"))));
    Maintenance out = MachineJobs.failed(m, job, "7", "job 7 error: it broke", c, NOW);
    assertEquals(MachineMode.valueOf(after), out.modeOf("n1"));
    assertEquals(
        false, out.mode("n1").map(MaintenanceMode::goingDown).orElse(false), "no longer going");
    assertEquals(MachineMode.DOWN, out.modeOf("n2"), "the other machine is left as it was");
    assertEquals(m.schedule(), out.schedule());
    assertEquals(
        Optional.of(new MachineNotice.JobFailed("n1", "7", "job 7 error: it broke", NOW)),
        out.notice("n1"));
  }

  @Test
  void aMachineJobIsKeyedByItsNodeStepAndTime() {
    JobSpec j = job("n1", Operation.SetNodeFlags.offline("n1"));
    assertEquals("machine:n1-step-1800000000000000250", j.key());
    assertEquals("machine:n1", j.owner());
    assertTrue(j.reason().text().startsWith("what"), j.reason().text());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "10.0.0.1",
        "255.255.255.255",
        "::",
        "::1",
        "fe80::1",
        "2001:db8::8:800:200c:417a",
        "2001:db8:0:0:8:800:200c:417a",
        "::ffff:192.0.2.1",
        "64:ff9b::192.0.2.33",
        "1:2:3:4:5:6:1.2.3.4",
        "1::",
        "1:2:3:4:5:6:7::",
        "::192.0.2.1"
      })
  void addressesTakenAsTheyAre(String ip) {
    assertTrue(IpLiteral.valid(ip), ip);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "256.0.0.1",
        "10.0.0",
        "01.2.3.4",
        "1:2:3:4:5:6:7",
        "1:2:3:4:5:6:7:8:9",
        "1::2::3",
        ":::",
        "1:::2",
        "12345::",
        "g::1",
        "1:2:3:4:5:6:7:1.2.3.4",
        "1:2:3:4:5:6:1.2.3",
        "1.2.3.4::",
        "1:2:3:4:5:6:7:8::",
        "::1:2:3:4:5:6:7:8",
        "::1.2.3.4:5",
        "1:2::3:",
        ":1::",
        "host.example.org",
        ""
      })
  void notAddresses(String text) {
    assertEquals(false, IpLiteral.valid(text), text);
  }
}
