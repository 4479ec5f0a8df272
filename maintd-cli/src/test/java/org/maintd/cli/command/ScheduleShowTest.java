package org.maintd.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.protocol.api.MaintenanceStatusView;
import org.maintd.protocol.api.ScheduleBody;
import org.maintd.protocol.json.Json;

/**
 * {@code maintctl schedule show} over a schedule stored before hostnames were bounded: a machine
 * whose name holds a line break, NUL, ESC or RLO is one row, its name escaped, and still shown
 * unknown.
 */
class ScheduleShowTest {
  @Test
  void aMachineNameCannotFakeATableRow() throws Exception {
    ScheduleBody schedule =
        Json.read(
            "{\"windows\": [{\"machine_ids\": [{\"hostname\": \"n2\"},"
                + " {\"hostname\": \"new\\nERROR Forged log line\"},"
                + " {\"hostname\": \"bad\\u0000nul\"}, {\"hostname\": \"esc\\u001b[31mred\"},"
                + " {\"hostname\": \"rlo\\u202etxt.exe\"}],"
                + " \"unavailability\": {\"start\": {\"nanoseconds\": 4102444800000000000}}}]}",
            ScheduleBody.class);
    MaintenanceStatusView status =
        Json.read(
            "{\"draining_machines\": [], \"down_machines\": [], \"scheduled_machines\": [],"
                + " \"unknown_machines\": [{\"hostname\": \"new\\nERROR Forged log line\"}]}",
            MaintenanceStatusView.class);
    List<String> lines = ScheduleCommand.text(schedule, status).lines().toList();
    assertEquals(6, lines.size(), String.join("\n", lines));
    assertEquals(
        "1       2100-01-01 00:00:00Z  indefinite  no    new\\nERROR Forged log line  unknown (no"
            + " such node)",
        lines.get(2));
    assertEquals(true, lines.get(3).contains("bad\\u0000nul"), lines.get(3));
    assertEquals(true, lines.get(4).contains("esc\\u001b[31mred"), lines.get(4));
    assertEquals(true, lines.get(5).contains("rlo\\u202etxt.exe"), lines.get(5));
  }
}
