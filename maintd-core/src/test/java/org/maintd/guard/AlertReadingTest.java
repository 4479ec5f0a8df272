package org.maintd.guard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * How a round reads the interlock's last answer: as it is while it is no older than the limit,
 * unknown beyond, saying since when the server has not answered and why the last try failed; and
 * unknown before any answer.
 */
class AlertReadingTest {
  private static final Instant T0 = Instant.parse("2026-11-28T10:00:00.400Z");
  private static final Duration LIMIT = Duration.ofSeconds(35);
  private static final String SERVER = "Prometheus at http://p:9090";
  private static final AlertState FIRING =
      new AlertState.Active(List.of(new Alert("NodeDown", true)));

  private static AlertReading answeredAtT0() {
    return AlertReading.none(SERVER, T0.minusSeconds(60)).after(FIRING, T0);
  }

  @ParameterizedTest(name = "{0} ms after the answer: {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "-1000 | answer",
        "0 | answer",
        "34999 | answer",
        "35000 | answer",
        "35001 | Prometheus at http://p:9090 has not answered since 2026-11-28T10:00:00Z",
        "3600000 | Prometheus at http://p:9090 has not answered since 2026-11-28T10:00:00Z"
      })
  void theLastAnswerCountsUntilItIsOlderThanTheLimit(long millis, String read) {
    AlertState state = answeredAtT0().at(T0.plusMillis(millis), LIMIT);
    assertEquals(read.equals("answer") ? FIRING : new AlertState.Unknown(read), state);
  }

  @Test
  void aFailedTryKeepsTheLastAnswerWhileItIsFreshAndIsNamedOnceItIsNot() {
    AlertReading r = answeredAtT0().after(new AlertState.Unknown("no answer within 5000 ms"), T0);
    assertFalse(r.answered());
    assertEquals(FIRING, r.at(T0.plus(LIMIT), LIMIT));
    assertEquals(
        new AlertState.Unknown(
            "Prometheus at http://p:9090 has not answered since 2026-11-28T10:00:00Z"
                + " (last try: no answer within 5000 ms)"),
        r.at(T0.plus(LIMIT).plusMillis(1), LIMIT));
  }

  @Test
  void aNewAnswerReplacesTheLastAndClearsTheFailure() {
    AlertReading r =
        answeredAtT0()
            .after(new AlertState.Unknown("no answer within 5000 ms"), T0.plusSeconds(5))
            .after(new AlertState.Quiet(), T0.plusSeconds(40));
    assertTrue(r.answered());
    assertEquals(new AlertState.Quiet(), r.at(T0.plusSeconds(70), LIMIT));
  }

  @Test
  void beforeAnyAnswerTheAlertsAreUnknownSinceAskingBegan() {
    AlertReading none = AlertReading.none(SERVER, T0);
    assertFalse(none.answered());
    assertEquals(
        new AlertState.Unknown(
            "Prometheus at http://p:9090 has not answered since maintd began asking at"
                + " 2026-11-28T10:00:00Z"),
        none.at(T0, LIMIT));
    assertEquals(
        new AlertState.Unknown(
            "Prometheus at http://p:9090 has not answered since maintd began asking at"
                + " 2026-11-28T10:00:00Z (last try: ConnectException: Connection refused)"),
        none.after(new AlertState.Unknown("ConnectException: Connection refused"), T0)
            .at(T0.plusSeconds(1), LIMIT));
  }

  @Test
  void anAnswerGivesTheAlerts() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new AlertReading.Answer(new AlertState.Unknown("down"), T0));
  }
}
