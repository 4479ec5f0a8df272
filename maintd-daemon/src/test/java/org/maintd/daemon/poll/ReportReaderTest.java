package org.maintd.daemon.poll;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maintd.incident.Observation;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.report.DiagnoseReport;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.protocol.signing.SignedJson;
import org.maintd.spi.CollectorReading;

class ReportReaderTest {
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);
  private final HmacKey key = new HmacKey("k".getBytes(StandardCharsets.UTF_8));

  private ReportReader reader(boolean allowUnsigned) {
    return new ReportReader(new SignatureVerifier(key, Duration.ofSeconds(300)), allowUnsigned);
  }

  private String signed(Map<String, Object> data, Instant at) {
    return signed("n1", data, at);
  }

  private String signed(String node, Map<String, Object> data, Instant at) {
    return SignedJson.write(key.sign(Json.write(DiagnoseReport.of(node, data, at, null)), at));
  }

  @Test
  void aSignedFaultIsObserved() {
    CollectorReading r = reader(false).read("n1", signed(Map.of("status", "evacuate"), NOW), NOW);
    assertInstanceOf(Observation.Fault.class, r.observation());
    assertEquals("ok", r.health());
  }

  @Test
  void aReplayedOlderReportIsRejectedAndCreatesNoObservation() {
    ReportReader reader = reader(false);
    String old = signed(Map.of("status", "evacuate"), NOW);
    reader.read("n1", signed(Map.of("status", "Ok"), NOW.plusSeconds(30)), NOW.plusSeconds(30));
    CollectorReading replay = reader.read("n1", old, NOW.plusSeconds(31));
    assertEquals("rejected", replay.health());
    assertInstanceOf(Observation.Unknown.class, replay.observation());
    assertTrue(replay.detail().startsWith("replayed"), replay.detail());
  }

  @Test
  void theSameAnswerTwiceIsRefusedTheSecondTimeAsAReplay() {
    ReportReader reader = reader(false);
    String answer = signed(Map.of("status", "Ok"), NOW);
    assertEquals("ok", reader.read("n1", answer, NOW).health());
    CollectorReading again = reader.read("n1", answer, NOW.plusSeconds(1));
    assertEquals("rejected", again.health());
    assertEquals(
        "replayed: the same signed message from n1 (salt 1800000000) was accepted already",
        again.detail());
    assertEquals("", again.bootId());
    assertEquals(
        "ok",
        reader
            .read("n1", signed(Map.of("status", "Ok"), NOW.plusMillis(1)), NOW.plusSeconds(1))
            .health(),
        "another report of the same second");
  }

  @Test
  void aReadingSaysWhenTheCollectorMadeItsReport() {
    Instant made = NOW.minusMillis(1500);
    CollectorReading r = reader(false).read("n1", signed(Map.of("status", "Ok"), made), NOW);
    assertEquals(java.util.Optional.of(made), r.reported());
    assertEquals(NOW, r.at());
  }

  @Test
  void unsignedReportsAreRefusedUnlessAllowed() {
    String bare = Json.write(DiagnoseReport.of("n1", Map.of("status", "evacuate"), NOW, null));
    CollectorReading refused = reader(false).read("n1", bare, NOW);
    assertEquals("rejected", refused.health());
    assertTrue(refused.detail().contains("unsigned"), refused.detail());
    assertInstanceOf(Observation.Fault.class, reader(true).read("n1", bare, NOW).observation());
  }

  @Test
  void aCollectorErrorIsShownButNeverActedOn() {
    CollectorReading r =
        reader(false)
            .read(
                "n1",
                signed(Map.of("status", "Ok", "collector-error", "script missing"), NOW),
                NOW);
    assertEquals("collector-error", r.health());
    assertEquals("script missing", r.detail());
    assertInstanceOf(Observation.Unknown.class, r.observation());
  }

  @Test
  void malformedAnswersAreRejectedWithTheReason() {
    assertTrue(reader(false).read("n1", "<html>", NOW).detail().startsWith("not-json"));
    String noData = SignedJson.write(key.sign("{\"name\": \"diagnose\"}", NOW));
    assertTrue(reader(false).read("n1", noData, NOW).detail().contains("no 'data' field"));
    String badStatus = signed("n2", Map.of("status", "panic"), NOW);
    CollectorReading r = reader(false).read("n2", badStatus, NOW);
    assertEquals("rejected", r.health());
    assertTrue(r.detail().contains("unknown status 'panic'"), r.detail());
  }

  @Test
  void aReportSignedForAnotherNodeIsRejectedAsWrongNode() {
    CollectorReading r =
        reader(false).read("n7", signed("n4", Map.of("status", "evacuate"), NOW), NOW);
    assertEquals("rejected", r.health());
    assertInstanceOf(Observation.Unknown.class, r.observation());
    assertEquals("wrong-node: the report is node n4's, not n7's", r.detail());
    String noNode =
        SignedJson.write(
            key.sign("{\"name\": \"diagnose\", \"data\": {\"status\": \"evacuate\"}}", NOW));
    assertEquals(
        "wrong-node: the report is for no node, not n7's",
        reader(false).read("n7", noNode, NOW).detail());
    assertEquals(
        "ok",
        reader(false)
            .read("node7.example.com", signed("NODE7", Map.of("status", "Ok"), NOW), NOW)
            .health(),
        "names compare without case, a short name matching its fully qualified one");
    String bareOther = Json.write(DiagnoseReport.of("n4", Map.of("status", "evacuate"), NOW, null));
    assertTrue(
        reader(true).read("n7", bareOther, NOW).detail().startsWith("wrong-node"), "even unsigned");
  }
}
