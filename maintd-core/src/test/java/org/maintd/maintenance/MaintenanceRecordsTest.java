package org.maintd.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
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

  @Test
  void aFailedOfflineJobLeavesADownMachineDraining() {
    Maintenance m = twoMachines();
    Maintenance after =
        MachineJobs.failed(m, job("n2", Operation.SetNodeFlags.offline("n2")), "it failed", NOW);
    assertEquals(MachineMode.DRAIN, after.modeOf("n2"));
    assertEquals("it failed", after.mode("n2").orElseThrow().reason());
    assertEquals(MachineMode.DRAIN, after.modeOf("n1"), "the other machine is left as it was");
  }

  @Test
  void aFailedDrainLeavesADrainingMachineUp() {
    Maintenance m = twoMachines();
    JobSpec drain =
        job("n1", new Operation.SetNodeFlags("n1", Optional.of(true), Optional.empty()));
    Maintenance after = MachineJobs.failed(m, drain, "no", NOW);
    assertEquals(MachineMode.UP, after.modeOf("n1"));
    assertEquals(m.schedule(), after.schedule());
    assertEquals(m.consents(), after.consents());
  }

  @Test
  void otherFailuresChangeNothing() {
    Maintenance m = twoMachines();
    JobSpec drain =
        job("n2", new Operation.SetNodeFlags("n2", Optional.of(true), Optional.empty()));
    assertSame(m, MachineJobs.failed(m, drain, "a drain of a DOWN machine", NOW));
    assertSame(
        m, MachineJobs.failed(m, job("n1", Operation.SetNodeFlags.offline("n1")), "DRAIN", NOW));
    assertSame(
        m,
        MachineJobs.failed(
            m,
            job("n1", new Operation.SetNodeFlags("n1", Optional.of(false), Optional.of(false))),
            "an undrain",
            NOW));
    assertSame(
        m, MachineJobs.failed(m, job("n3", Operation.SetNodeFlags.offline("n3")), "no mode", NOW));
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
