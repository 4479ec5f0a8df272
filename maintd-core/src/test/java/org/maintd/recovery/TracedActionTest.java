package org.maintd.recovery;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Node;
import org.maintd.diagnose.DiagnoseStatus;
import org.maintd.testing.ClusterBuilder;

/**
 * The action an incident's traces name: a diagnose status when the text is one's name, to the
 * letter; any other text kept as written, an evacuation when it begins with {@code evacuate}; and
 * on a node whose traces name none, the one its flags suggest.
 */
class TracedActionTest {

  @ParameterizedTest(name = "[{0}]")
  @CsvSource({
    "live-repair, LIVE_REPAIR, false",
    "evacuate, EVACUATE, true",
    "evacuate-failover, EVACUATE_FAILOVER, true",
    "Ok, OK, false",
    "evacuate-later, , true",
    "evacuatefailover, , true",
    "EVACUATE, , false",
    "Evacuate, , false",
    "ok, , false",
    "live_repair, , false",
    "reboot, , false",
    "'', , false"
  })
  void aStatusNamedToTheLetterIsThatStatusAndAnyOtherTextIsKeptAsWritten(
      String text, DiagnoseStatus status, boolean evacuation) {
    TracedAction action = TracedAction.of(text);
    assertEquals(
        status == null ? new TracedAction.Unknown(text) : new TracedAction.Named(status), action);
    assertEquals(text, action.text(), "written back as it was");
    assertEquals(evacuation, action.evacuation());
  }

  @ParameterizedTest(name = "offline {0}, drained {1}: {2}")
  @CsvSource({
    "false, false, LIVE_REPAIR",
    "true, false, EVACUATE",
    "false, true, EVACUATE",
    "true, true, EVACUATE"
  })
  void withNoActionNamedANodeOutOfServiceIsEvacuatedAndOneInServiceRepairedLive(
      boolean offline, boolean drained, DiagnoseStatus assumed) {
    Node node = new ClusterBuilder().node("n1", "g", 8192, 100000, false).build().nodes().get(0);
    Node flagged = node.withFlags(node.flags().withOffline(offline).withDrained(drained));
    assertEquals(new TracedAction.Named(assumed), TracedAction.assumedOn(flagged));
  }
}
