package org.maintd.daemon.poll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.report.CpuAvgLoad;
import org.maintd.protocol.report.DiagnoseReport;
import org.maintd.protocol.report.LoadReport;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.protocol.signing.SignedJson;
import org.maintd.spi.LoadReading;

/** A collector's cpu-avg-load, read as the poller reads it. */
class LoadReaderTest {
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);
  private final HmacKey key = new HmacKey("k".getBytes(StandardCharsets.UTF_8));
  private final SignatureVerifier verifier = new SignatureVerifier(key, Duration.ofSeconds(300));

  private String signed(String node, Object data, Instant at) {
    return SignedJson.write(
        key.sign(Json.write(LoadReport.of(LoadReport.CPU_AVG_LOAD, node, data, at)), at));
  }

  private static CpuAvgLoad busy(double total) {
    return new CpuAvgLoad(2, List.of(total / 2, total / 2), total);
  }

  @Test
  void aSignedReportGivesTheNodesCpuTotal() {
    assertEquals(
        new LoadReading.Cpu(1.5),
        new LoadReader(verifier, false).read("n1", signed("n1", busy(1.5), NOW), NOW));
  }

  /**
   * The diagnose report and the load report of one poll are signed apart: a load report signed a
   * second after the diagnose one does not make that one look replayed, nor the other way round.
   */
  @Test
  void theLoadReportsOfANodeAreCheckedForReplayApartFromItsDiagnoseReports() {
    LoadReader loads = new LoadReader(verifier, false);
    ReportReader reports = new ReportReader(verifier, false);
    loads.read("n1", signed("n1", busy(1), NOW.plusSeconds(1)), NOW.plusSeconds(1));
    String diagnose =
        SignedJson.write(
            key.sign(Json.write(DiagnoseReport.of("n1", Map.of("status", "Ok"), NOW, null)), NOW));
    assertEquals("ok", reports.read("n1", diagnose, NOW.plusSeconds(1)).health());
    String older = signed("n1", busy(2), NOW);
    assertTrue(
        ((LoadReading.NotMeasured) loads.read("n1", older, NOW.plusSeconds(1)))
            .why()
            .startsWith("replayed"));
  }

  @Test
  void whatIsNoLoadSaysWhy() {
    LoadReader reader = new LoadReader(verifier, false);
    assertEquals(
        new LoadReading.NotMeasured("the collector has no load yet: Empty buffer"),
        reader.read("n1", signed("n1", Map.of("error", "Empty buffer"), NOW), NOW));
    assertEquals(
        new LoadReading.NotMeasured("the load report is node n2's"),
        reader.read("n1", signed("n2", busy(1), NOW.plusSeconds(1)), NOW.plusSeconds(1)));
    String bare = Json.write(LoadReport.of(LoadReport.CPU_AVG_LOAD, "n1", busy(1), NOW));
    assertEquals(
        new LoadReading.NotMeasured("unsigned load report refused"), reader.read("n1", bare, NOW));
    assertEquals(new LoadReading.Cpu(1), new LoadReader(verifier, true).read("n1", bare, NOW));
    assertInstanceOf(LoadReading.NotMeasured.class, reader.read("n1", "not json", NOW));
    String rss =
        SignedJson.write(
            key.sign(
                Json.write(
                    LoadReport.of(
                        LoadReport.KVM_INST_RSS, "n1", Map.of("web1", 5), NOW.plusSeconds(2))),
                NOW.plusSeconds(2)));
    assertEquals(
        new LoadReading.NotMeasured("not a cpu-avg-load report"),
        reader.read("n1", rss, NOW.plusSeconds(2)));
  }
}
