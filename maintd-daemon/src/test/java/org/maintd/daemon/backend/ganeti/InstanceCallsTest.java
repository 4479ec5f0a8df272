package org.maintd.daemon.backend.ganeti;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.maintd.health.DiskStatus;
import org.maintd.job.Operation;
import org.maintd.protocol.json.Json;

/**
 * Instance health's operations as Ganeti 3.0's RAPI takes them, and {@code disks_active} as its
 * query answers it (a real answer's shape: {@code [[status, value], ...]} per row).
 */
class InstanceCallsTest {
  @Test
  void startShutdownAndActivateDisksAreTheirRapiResources() {
    assertEquals(
        Optional.of(new RapiCall("PUT", "/2/instances/web%231/startup", Map.of())),
        InstanceCalls.call(new Operation.StartInstance("web#1", "n1", "n2")));
    assertEquals(
        Optional.of(
            new RapiCall(
                "PUT", "/2/instances/web1/shutdown", Map.of("admin_state_source", "user"))),
        InstanceCalls.call(new Operation.ShutdownInstance("web1", "n1", true)));
    assertEquals(
        Optional.of(new RapiCall("PUT", "/2/instances/web1/shutdown", Map.of())),
        InstanceCalls.call(new Operation.ShutdownInstance("web1", "n1", false)));
    assertEquals(
        Optional.of(new RapiCall("PUT", "/2/instances/web1/activate-disks", Map.of())),
        InstanceCalls.call(new Operation.ActivateDisks("web1", "n1", "n2")));
    assertEquals(Optional.empty(), InstanceCalls.call(new Operation.RebootNode("n1")));
  }

  @Test
  void disksActiveIsReadFromTheQueryAnswerSkippingCellsItCannotRead() throws Exception {
    Object answer =
        Json.parse(
            "{\"fields\": [{\"name\": \"name\"}, {\"name\": \"disks_active\"}], \"data\": ["
                + "[[0, \"a\"], [0, true]],"
                + "[[0, \"b\"], [0, false]],"
                + "[[0, \"c\"], [2, null]],"
                + "[[0, \"d\"]]]}");
    assertEquals(
        new DiskStatus(Map.of("a", true, "b", false), Set.of()), InstanceCalls.disks(answer));
    assertEquals(DiskStatus.unknown(), InstanceCalls.disks(List.of()));
  }
}
