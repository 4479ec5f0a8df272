package org.maintd.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.incident.Incident;
import org.maintd.protocol.api.AckView;
import org.maintd.protocol.api.BroughtUpView;
import org.maintd.protocol.api.CampaignRequest;
import org.maintd.protocol.api.CampaignView;
import org.maintd.protocol.api.ErrorBody;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.api.IncidentView;
import org.maintd.protocol.api.InstanceView;
import org.maintd.protocol.api.MachineId;
import org.maintd.protocol.api.NodeView;
import org.maintd.protocol.api.PausedView;
import org.maintd.protocol.api.PlanView;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.repair.RepairRecords;
import org.maintd.protocol.repair.RepairRequest;
import org.maintd.protocol.repair.RepairResult;
import org.maintd.protocol.report.CpuAvgLoad;
import org.maintd.protocol.report.DiagnoseReport;
import org.maintd.protocol.report.LoadReport;
import org.maintd.protocol.report.MasterAnswer;
import org.maintd.protocol.signing.SignedMessage;
import org.maintd.protocol.sim.SimDiagnose;
import org.maintd.protocol.sim.SimFail;
import org.maintd.protocol.sim.SimJobView;
import org.maintd.protocol.sim.SimLoad;
import org.maintd.protocol.state.Mappers;
import org.maintd.protocol.state.StateCodec;
import org.maintd.protocol.state.StateFile;
import org.maintd.roll.RollPlan;
import org.maintd.spi.MaintdState;

/**
 * Every format that crosses a process boundary, pinned by a fixture: each is read into its record
 * and written back byte for byte. A change to a wire format is a change to a fixture.
 */
class FixturesTest {
  static Stream<Arguments> formats() {
    return Stream.of(
        Arguments.of("signed-envelope", SignedMessage.class),
        Arguments.of("diagnose-report", DiagnoseReport.class),
        Arguments.of("master-answer", MasterAnswer.class),
        Arguments.of("load-report", LoadReport.class),
        Arguments.of("cpu-avg-load", CpuAvgLoad.class),
        Arguments.of("repair-request", RepairRequest.class),
        Arguments.of("repair-result", RepairResult.class),
        Arguments.of("repair-records", RepairRecords.class),
        Arguments.of("error", ErrorBody.class),
        Arguments.of("incident", IncidentView.class),
        Arguments.of("node", NodeView.class),
        Arguments.of("instance", InstanceView.class),
        Arguments.of("paused", PausedView.class),
        Arguments.of("plan", PlanView.class),
        Arguments.of("campaign", CampaignView.class),
        Arguments.of("campaign-request", CampaignRequest.class),
        Arguments.of("machines-up-request", new TypeReference<List<MachineId>>() {}),
        Arguments.of("brought-up", new TypeReference<List<BroughtUpView>>() {}),
        Arguments.of("ack", AckView.class),
        Arguments.of("health", HealthView.class),
        Arguments.of("roll", RollPlan.class),
        Arguments.of("sim-diagnose", SimDiagnose.class),
        Arguments.of("sim-fail", SimFail.class),
        Arguments.of("sim-load", SimLoad.class),
        Arguments.of("sim-job", SimJobView.class),
        Arguments.of("node-reboots", org.maintd.protocol.api.RebootView.NodeReboots.class),
        Arguments.of("reboot-request", org.maintd.protocol.api.RebootBody.class),
        Arguments.of("rehearsal-request", org.maintd.protocol.api.RehearsalBody.class),
        Arguments.of("rehearsal", org.maintd.protocol.api.RehearsalView.class));
  }

  static String fixture(String name) throws IOException {
    try (InputStream in = FixturesTest.class.getResourceAsStream("/fixtures/" + name + ".json")) {
      if (in == null) {
        throw new AssertionError("no fixture " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("formats")
  void everyFormatReadsAndWritesBackItsFixtureByteForByte(String name, Object type)
      throws Exception {
    String text = fixture(name);
    Object value =
        type instanceof Class<?> c ? Json.read(text, c) : Json.read(text, (TypeReference<?>) type);
    assertEquals(text, Json.pretty(value), name);
  }

  /**
   * Ganeti's maintd fields of an incident, in the types ganeti-maintd writes: {@code node} is the
   * node's name and {@code jobs} holds job numbers only; maintd's own fields are the others, the
   * node's uuid among them.
   */
  @Test
  void anIncidentKeepsGanetisFieldsInGanetisTypesAndAddsItsOwnUnderOtherNames() throws Exception {
    Map<String, Object> shown =
        Json.read(fixture("incident"), new TypeReference<Map<String, Object>>() {});
    assertEquals(
        List.of(
            "uuid",
            "id",
            "node",
            "node_uuid",
            "original",
            "action",
            "repair-status",
            "jobs",
            "repairs",
            "tag",
            "ctime",
            "mtime",
            "serial_no",
            "next",
            "observed",
            "tagged",
            "acknowledged",
            "history"),
        List.copyOf(shown.keySet()));
    UUID.fromString((String) shown.get("node_uuid"));
    assertEquals(shown.get("uuid"), shown.get("id"));
    assertTrue(
        ((List<?>) shown.get("jobs"))
            .stream().allMatch(j -> j instanceof Integer || j instanceof Long),
        shown.get("jobs").toString());
    assertTrue(shown.get("original") instanceof Map<?, ?>);
    assertTrue(shown.get("serial_no") instanceof Integer || shown.get("serial_no") instanceof Long);

    Incident incident = new StateCodec().read(fixture("state")).incidents().get(0);
    String repair = "repair:" + incident.uuid() + "-r2-1";
    List<String> ids = List.of("7", repair, "12");
    IncidentView view =
        IncidentView.of(incident.withJobs(ids), "5e0b6a4c-1d2f-4c3b-9a8e-7f6d5c4b3a21");
    assertEquals(List.of(7L, 12L), view.jobs(), "Ganeti's job numbers, as numbers");
    assertEquals(List.of(repair), view.repairs(), "a collector's repair is no Ganeti job");
    assertEquals(incident.node(), view.node());
    assertEquals("5e0b6a4c-1d2f-4c3b-9a8e-7f6d5c4b3a21", view.nodeUuid());
    assertEquals(List.of("7", "12", repair), view.allJobs());
  }

  @Test
  void theStateFileReadsAndWritesBackItsFixtureByteForByte() throws Exception {
    String text = fixture("state");
    MaintdState state = new StateCodec().read(text);
    assertEquals(
        text,
        Mappers.RECORDS.writerWithDefaultPrettyPrinter().writeValueAsString(StateFile.of(state))
            + "\n");
    assertEquals(
        state,
        new StateCodec().read(new StateCodec().write(state)),
        "the compact form reads back the same");
  }

  @Test
  void aStateFileOfSchema1ReadsAsTheCurrentSchemaWithDefaults() throws Exception {
    assertTrue(!fixture("state-v1").contains("\"schema\""), "the fixture is of schema 1");
    MaintdState migrated = new StateCodec().read(fixture("state-v1"));
    assertEquals(
        new StateCodec()
            .read(fixture("state"))
            .withCollectors(java.util.Map.of())
            .withMaintenance(org.maintd.maintenance.Maintenance.empty())
            .withHealth(org.maintd.health.InstanceHealth.empty())
            .withReboots(org.maintd.reboot.Reboots.empty()),
        migrated,
        "schema 1 had no collectors, no maintenance schedule, no instance health, no reboots: none");
    assertTrue(migrated.stormArmed(), "schema 1 had no storm_armed: armed");
  }

  @Test
  void aCampaignNodeStoredWithoutHowItWasRebootedReadsAsSoftlyRebooted() throws Exception {
    String before = fixture("state").replaceAll(",\\n\\s*\"reboot\" : \"SOFT\"", "");
    assertTrue(!before.contains("\"reboot\" :"), "the fixture without the field");
    assertEquals(new StateCodec().read(fixture("state")), new StateCodec().read(before));
  }

  @Test
  void aStateFileOfANewerSchemaIsRefusedSayingSo() throws Exception {
    String newer = fixture("state").replace("\"schema\" : 7", "\"schema\" : 8");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new StateCodec().read(newer));
    assertEquals(
        "state: written by a newer maintd (schema 8); this one reads up to schema 7",
        e.getMessage());
  }

  @Test
  void anIncidentStoredWithAnIdOfTwoGanetiJobsReadsBackEachJobAndShowsBothNumbers()
      throws Exception {
    String repair = "\"repair:b18674c7-ab9b-4204-9b3f-e21c09b223a0-r5-1\"";
    String before =
        fixture("state").replace("[ " + repair + " ]", "[ \"100+101\", " + repair + " ]");
    assertTrue(before.contains("100+101"), "the fixture with a job of two RAPI calls");
    Incident incident = new StateCodec().read(before).incidents().get(0);
    assertEquals(List.of("100", "101", repair.replace("\"", "")), incident.jobs());
    IncidentView view = IncidentView.of(incident, null);
    assertEquals(List.of(100L, 101L), view.jobs());
  }

  @Test
  void aStateFileOfSchema3ReadsWithAnEmptyMaintenanceSchedule() throws Exception {
    MaintdState v3 = new StateCodec().read(fixture("state-v3"));
    MaintdState v4 = new StateCodec().read(fixture("state-v4"));
    assertEquals(org.maintd.maintenance.Maintenance.empty(), v3.maintenance());
    assertEquals(v4.withMaintenance(org.maintd.maintenance.Maintenance.empty()), v3);
    assertEquals(1795377600000000000L, v4.maintenance().schedule().windows().get(0).startNanos());
    assertEquals(2, v4.maintenance().consents().size());
  }

  @Test
  void aStateFileOfSchema4ReadsWithoutInstanceHealthNorRebootRequests() throws Exception {
    MaintdState v4 = new StateCodec().read(fixture("state-v4"));
    MaintdState v6 = new StateCodec().read(fixture("state-v6"));
    assertEquals(org.maintd.health.InstanceHealth.empty(), v4.health());
    assertEquals(org.maintd.reboot.Reboots.empty(), v4.reboots());
    assertEquals(
        v6.withHealth(org.maintd.health.InstanceHealth.empty())
            .withReboots(org.maintd.reboot.Reboots.empty()),
        v4);
  }

  @Test
  void aStateFileOfSchema5ReadsWithInstanceHealthAndWithoutRebootRequests() throws Exception {
    MaintdState v5 = new StateCodec().read(fixture("state-v5"));
    MaintdState v6 = new StateCodec().read(fixture("state-v6"));
    assertEquals(org.maintd.reboot.Reboots.empty(), v5.reboots());
    assertEquals(v6.withReboots(org.maintd.reboot.Reboots.empty()), v5);
    assertEquals(2, v5.health().instances().size());
  }

  @Test
  void theRebootRequestsOfSchema6ReadBackWithTheirKeysAndTheNodesCycle() throws Exception {
    MaintdState v6 = new StateCodec().read(fixture("state"));
    org.maintd.reboot.RebootRequest held = v6.reboots().requests().get(0);
    assertEquals(java.util.Optional.of("alpha"), held.key());
    assertTrue(held.holds());
    assertEquals(java.util.Optional.empty(), v6.reboots().requests().get(1).key());
    assertEquals(
        org.maintd.reboot.CyclePhase.HELD, v6.reboots().find("node6").orElseThrow().phase());
  }

  @Test
  void aStateFileOfSchema6ReadsAtVersion0WithNoMachineGoingDownNorNotices() throws Exception {
    MaintdState v6 = new StateCodec().read(fixture("state-v6"));
    MaintdState v7 = new StateCodec().read(fixture("state"));
    assertEquals(0, v6.maintenance().version());
    assertEquals(3, v7.maintenance().version());
    org.maintd.maintenance.Maintenance m = v7.maintenance();
    assertTrue(m.modes().get(0).goingDown());
    assertEquals(
        List.of(
            new org.maintd.maintenance.MachineNotice.JobFailed(
                "node5",
                "42",
                "job 42 error: Can't set node node5 offline: it still has primary instances",
                org.maintd.protocol.api.Times.instant(1.7953740004E9)),
            new org.maintd.maintenance.MachineNotice.ChangedByHand(
                "node6",
                "node6 was set online outside maintd while DOWN for maintenance: UP, as it is"
                    + " neither drained nor offline; its window stays in the schedule",
                org.maintd.protocol.api.Times.instant(1.7953740005E9))),
        m.notices());
    org.maintd.maintenance.MaintenanceMode draining = m.modes().get(0);
    assertEquals(
        v7.withMaintenance(
            new org.maintd.maintenance.Maintenance(
                m.schedule(),
                List.of(
                    new org.maintd.maintenance.MaintenanceMode(
                        draining.hostname(), draining.mode(), draining.since(), draining.reason())),
                m.consents(),
                0,
                List.of())),
        v6);
  }
}
