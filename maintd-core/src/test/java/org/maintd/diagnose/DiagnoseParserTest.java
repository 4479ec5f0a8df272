package org.maintd.diagnose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DiagnoseParserTest {
  private final DiagnoseParser parser = new DiagnoseParser();

  @Test
  void keepsTheWholeObjectAndReadsStatusAndCommand() {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("status", "live-repair");
    out.put("command", "swap-disk");
    out.put("details", Map.of("disk", "sdb"));
    out.put("extra", 7L);
    Diagnosis d = parser.parseCommandOutput(out);
    assertEquals(DiagnoseStatus.LIVE_REPAIR, d.status());
    assertEquals(Optional.of("swap-disk"), d.command());
    assertEquals(out, d.original());
  }

  @Test
  void refusesWhatIsNotADiagnoseObject() {
    assertMessage(List.of(1), "expected a JSON object, got a JSON array");
    assertMessage("Ok", "expected a JSON object, got a JSON string");
    assertMessage(Map.of("details", 1), "field 'status' is missing");
    assertMessage(Map.of("status", "reboot-now"), "unknown status 'reboot-now'");
    assertMessage(Map.of("status", "live-repair"), "status 'live-repair' needs a 'command' string");
    assertMessage(Map.of("status", "live-repair", "command", "../bin/rm"), "is not a plain name");
  }

  @Test
  void statusesAreOrderedByInvasiveness() {
    assertTrue(DiagnoseStatus.EVACUATE_FAILOVER.moreInvasiveThan(DiagnoseStatus.EVACUATE));
    assertTrue(DiagnoseStatus.EVACUATE.moreInvasiveThan(DiagnoseStatus.LIVE_REPAIR));
    assertTrue(DiagnoseStatus.LIVE_REPAIR.moreInvasiveThan(DiagnoseStatus.OK));
  }

  @Test
  void aCollectorErrorIsNeverAnAction() {
    NodeReport r = parser.parseReportData(Map.of("status", "evacuate", "collector-error", "boom"));
    assertInstanceOf(NodeReport.CollectorError.class, r);
    assertInstanceOf(NodeReport.Healthy.class, parser.parseReportData(Map.of("status", "Ok")));
    assertInstanceOf(
        NodeReport.NeedsAction.class, parser.parseReportData(Map.of("status", "evacuate")));
  }

  private void assertMessage(Object json, String expected) {
    DiagnoseFormatException e =
        assertThrows(DiagnoseFormatException.class, () -> parser.parseCommandOutput(json));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
