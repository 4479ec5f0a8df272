package org.maintd.protocol.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;
import org.maintd.protocol.json.Json;

/**
 * Schedules in Mesos' shape: the example of Mesos' maintenance documentation is taken byte for
 * byte, nanoseconds exactly (they do not fit a double); maintd's switches ride along; a field
 * maintd does not know, or one Mesos requires and the body lacks, is named.
 */
class ScheduleBodyTest {
  private static byte[] fixture(String name) throws IOException {
    try (InputStream in = ScheduleBodyTest.class.getResourceAsStream("/fixtures/" + name)) {
      return in.readAllBytes();
    }
  }

  @Test
  void theExampleOfMesosDocumentationIsTakenByteForByte() throws Exception {
    byte[] bytes = fixture("mesos-maintenance-schedule.json");
    assertEquals(
        "c401e74e533cde1d4f274fd23919bfcd1c646b0b9ac18e42053e3652d7e423b3",
        HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes)),
        "the fixture is Mesos' example as its documentation gives it");
    Schedule s =
        RequestBodies.bind(new String(bytes, StandardCharsets.UTF_8), ScheduleBody.class)
            .schedule();
    assertEquals(2, s.windows().size());
    Window first = s.windows().get(0);
    assertEquals(
        List.of(
            new MachineId("machine1", Optional.of("10.0.0.1")),
            new MachineId("machine2", Optional.of("10.0.0.2"))),
        first.machines());
    assertEquals(1443830400000000000L, first.startNanos());
    assertEquals(3600000000000L, first.durationNanos().getAsLong());
    assertEquals(1443834000000000000L, s.windows().get(1).startNanos());
    assertEquals(
        "{\"windows\":[{\"machine_ids\":[{\"hostname\":\"machine1\",\"ip\":\"10.0.0.1\"},"
            + "{\"hostname\":\"machine2\",\"ip\":\"10.0.0.2\"}],\"unavailability\":{\"start\":"
            + "{\"nanoseconds\":1443830400000000000},\"duration\":{\"nanoseconds\":3600000000000}}},"
            + "{\"machine_ids\":[{\"hostname\":\"machine3\",\"ip\":\"10.0.0.3\"}],\"unavailability\":"
            + "{\"start\":{\"nanoseconds\":1443834000000000000},\"duration\":{\"nanoseconds\":"
            + "3600000000000}}}]}",
        Json.write(ScheduleBody.of(s)),
        "written back as posted, compact");
  }

  @Test
  void nanosecondsAsStringsAndMaintdsSwitchesAreTaken() {
    Schedule s =
        RequestBodies.bind(
                "{\"windows\": [{\"machine_ids\": [{\"hostname\": \"node5\"}], \"auto\": true,"
                    + " \"respect_declines\": true, \"unavailability\": {\"start\":"
                    + " {\"nanoseconds\": \"1443830400000000001\"}}}]}",
                ScheduleBody.class)
            .schedule();
    Window w = s.windows().get(0);
    assertEquals(1443830400000000001L, w.startNanos());
    assertEquals(true, w.auto() && w.respectDeclines() && w.durationNanos().isEmpty());
    assertEquals(
        "{\"windows\":[{\"machine_ids\":[{\"hostname\":\"node5\"}],\"unavailability\":{\"start\":"
            + "{\"nanoseconds\":1443830400000000001}},\"auto\":true,\"respect_declines\":true}]}",
        Json.write(ScheduleBody.of(s)));
    assertEquals(Schedule.empty(), RequestBodies.bind("{}", ScheduleBody.class).schedule());
  }

  @Test
  void aFieldMaintdDoesNotKnowOrOneMesosRequiresIsNamed() {
    IllegalArgumentException typo =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                RequestBodies.bind(
                    "{\"windows\": [{\"machine_ids\": [], \"atuo\": true}]}", ScheduleBody.class));
    assertEquals(
        "unknown field 'atuo' in 'windows[0]'; known: [auto, machine_ids, respect_declines,"
            + " unavailability]",
        typo.getMessage());
    IllegalArgumentException missing =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                RequestBodies.bind(
                        "{\"windows\": [{\"machine_ids\": [{\"hostname\": \"n1\"}]}]}",
                        ScheduleBody.class)
                    .schedule());
    assertEquals("Missing required fields: windows[0].unavailability", missing.getMessage());
    IllegalArgumentException noStart =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                RequestBodies.bind(
                        "{\"windows\": [{\"unavailability\": {\"start\": {}}}]}",
                        ScheduleBody.class)
                    .schedule());
    assertEquals(
        "Missing required fields: windows[0].unavailability.start.nanoseconds",
        noStart.getMessage());
  }
}
