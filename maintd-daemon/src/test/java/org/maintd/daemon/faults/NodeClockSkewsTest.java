package org.maintd.daemon.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.daemon.poll.ReportReader;
import org.maintd.daemon.testing.CapturedLog;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.incident.Observation;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.report.DiagnoseReport;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.protocol.signing.SignedJson;
import org.maintd.spi.CollectorReading;

class NodeClockSkewsTest {
  private static final Instant NOW = Instant.parse("2026-11-29T12:00:00Z");
  private final HmacKey key = new HmacKey("k".getBytes(StandardCharsets.UTF_8));
  private final FakeClock clock = new FakeClock(NOW);
  private final Faults faults = new Faults(clock, clock);
  private final ReportReader reader =
      new ReportReader(
          new SignatureVerifier(key, Duration.ofSeconds(300)), false, new NodeClockSkews(faults));

  /** The report of {@code node}, whose clock is {@code ahead} of the daemon's, read now. */
  private CollectorReading read(String node, long ahead, String status) {
    Instant signedAt = clock.instant().plusSeconds(ahead);
    String report =
        SignedJson.write(
            key.sign(
                Json.write(DiagnoseReport.of(node, Map.of("status", status), signedAt, null)),
                signedAt));
    CollectorReading r = reader.read(node, report, clock.instant());
    clock.advance(Duration.ofSeconds(1));
    return r;
  }

  @ParameterizedTest(name = "a node {0} s ahead: skewed {1}")
  @CsvSource({
    "0, false",
    "299, false",
    "300, false",
    "301, true",
    "400, true",
    "-300, false",
    "-301, true",
    "-3600, true"
  })
  void aNodeIsSkewedWhenItsReportIsSignedMoreThanTheAllowedSkewFromTheDaemonsClock(
      long ahead, boolean skewed) {
    CollectorReading r = read("n3", ahead, "Ok");
    assertEquals(skewed, faults.has(FaultKind.NODE_CLOCK_SKEW), r.detail());
    assertEquals(skewed ? "rejected" : "ok", r.health());
  }

  @Test
  void theFaultNamesEachSkewedNodeAndHowFarItIsOffAndEndsWhenTheirReportsAreAcceptedAgain() {
    try (CapturedLog log = new CapturedLog()) {
      read("n3", 400, "Ok");
      read("n5", -3600, "Ok");
      assertEquals(
          "reports refused, signed further from this daemon's clock than the 300 s allowed:"
              + " n3 400 s ahead, n5 3600 s behind",
          faults.active().get(0).detail());
      read("n3", 0, "Ok");
      assertEquals(
          "reports refused, signed further from this daemon's clock than the 300 s allowed:"
              + " n5 3600 s behind",
          faults.active().get(0).detail());
      read("n5", 0, "Ok");
      assertEquals(List.of(), faults.active());
      assertEquals(
          List.of(
              "fault NODE_CLOCK_SKEW begins: reports refused, signed further from this daemon's"
                  + " clock than the 300 s allowed: n3 400 s ahead",
              "fault NODE_CLOCK_SKEW ends after 3 s (it was: reports refused, signed further from"
                  + " this daemon's clock than the 300 s allowed: n5 3600 s behind)"),
          log.messages().stream().filter(m -> m.contains("NODE_CLOCK_SKEW")).toList());
    }
  }

  @Test
  void aSkewedNodeThatReportsAFaultIsNotTakenForFaulty() {
    CollectorReading r = read("n3", 400, "evacuate");
    assertInstanceOf(Observation.Unknown.class, r.observation(), "nothing is opened for it");
    assertTrue(
        r.detail().startsWith("future: signed 400 s in the future, more than 300 s"), r.detail());
  }

  @Test
  void aReportRefusedForAnotherReasonSaysNothingOfTheNodesClock() {
    HmacKey other = new HmacKey("other".getBytes(StandardCharsets.UTF_8));
    Instant at = clock.instant().plusSeconds(400);
    String report =
        SignedJson.write(
            other.sign(Json.write(DiagnoseReport.of("n3", Map.of("status", "Ok"), at, null)), at));
    assertEquals("rejected", reader.read("n3", report, clock.instant()).health());
    assertEquals(List.of(), faults.active(), "a bad signature is checked before the time");
  }
}
