package org.maintd.daemon.alerts;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.guard.Alert;
import org.maintd.guard.AlertState;

/** Prometheus' answers to {@code ALERTS}, good and bad, as the interlock reads them. */
class AlertsAnswerTest {

  @ParameterizedTest(name = "[{index}] {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "200 | {\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[]}} | quiet",
        "200 | {\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[{\"metric\":"
            + "{\"alertname\":\"A\",\"alertstate\":\"firing\"},\"value\":[1,\"1\"]},{\"metric\":"
            + "{\"alertname\":\"B\",\"alertstate\":\"pending\"},\"value\":[1,\"1\"]},{\"metric\":"
            + "{\"alertname\":\"C\"},\"value\":[1,\"1\"]},{\"metric\":{\"alertname\":\"D\"},"
            + "\"value\":[1,\"0\"]}]}} | A firing, B pending, C firing (no state: counted as"
            + " firing), D ignored (value 0)",
        "200 | {\"status\":\"success\",\"data\":{\"resultType\":\"scalar\",\"result\":[1,\"1\"]}}"
            + " | a result of type scalar, not a vector of alerts",
        "200 | {\"status\":\"success\"} | a result of type none, not a vector" + " of alerts",
        "400 | {\"status\":\"error\",\"errorType\":\"bad_data\",\"error\":\"parse error\"} |"
            + " HTTP 400: bad_data: parse error",
        "503 | Service Unavailable | HTTP 503 with something that is not JSON:"
            + " Service Unavailable",
        "200 | <html>hello</html> | HTTP 200 with something that is not JSON:"
            + " <html>hello</html>",
        "200 | {\"status\":\"success\",\"data\":{\"resultType\":\"vector\",\"result\":[{\"metric\":"
            + "{},\"value\":[1,\"1\"]}]}} | an alert without a name:"
            + " {\"metric\":{},\"value\":[1,\"1\"]}",
      })
  void eachAnswerIsReadAsAlertsOrAsUnknownWithWhatWasWrong(int status, String body, String what) {
    AlertState expected =
        switch (what.substring(0, 1)) {
          case "q" -> AlertState.quiet();
          case "A" ->
              new AlertState.Active(
                  List.of(new Alert("A", true), new Alert("B", false), new Alert("C", true)));
          default -> new AlertState.Unknown(what);
        };
    assertEquals(expected, AlertsAnswer.read(status, body));
  }
}
