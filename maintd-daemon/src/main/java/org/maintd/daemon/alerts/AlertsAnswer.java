package org.maintd.daemon.alerts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import org.maintd.guard.Alert;
import org.maintd.guard.AlertState;
import org.maintd.protocol.json.Json;

/**
 * Prometheus' answer to the instant query {@code ALERTS}, read: {@code {"status": "success",
 * "data": {"resultType": "vector", "result": [{"metric": {"alertname": ..., "alertstate":
 * "firing"|"pending", ...}, "value": [time, "1"]}, ...]}}}. Anything else (another status, an
 * error, a body that is not JSON, a result that is not a vector, a sample without a name) is an
 * unknown state saying what was wrong ({@code HTTP 503 with something that is not JSON: ...}).
 * Stateless.
 */
final class AlertsAnswer {
  private static final int SHOWN = 200;

  private AlertsAnswer() {}

  static AlertState read(int status, String body) {
    JsonNode root;
    try {
      root = Json.MAPPER.readTree(body);
    } catch (JsonProcessingException e) {
      return unknown("HTTP " + status + " with something that is not JSON: " + cut(body));
    }
    if (status != 200 || !"success".equals(root.path("status").asText())) {
      return unknown("HTTP " + status + ": " + error(root, body));
    }
    JsonNode data = root.path("data");
    String type = data.path("resultType").asText("none");
    if (!type.equals("vector") || !data.path("result").isArray()) {
      return unknown("a result of type " + type + ", not a vector of alerts");
    }
    List<Alert> alerts = new ArrayList<>();
    for (JsonNode sample : data.path("result")) {
      JsonNode name = sample.path("metric").path("alertname");
      if (!name.isTextual() || name.asText().isEmpty()) {
        return unknown("an alert without a name: " + cut(sample.toString()));
      }
      if (!"0".equals(sample.path("value").path(1).asText())) {
        alerts.add(new Alert(name.asText(), !isPending(sample)));
      }
    }
    return AlertState.of(alerts);
  }

  /** A pending alert; any other state (firing, or none given) counts as firing, to be safe. */
  private static boolean isPending(JsonNode sample) {
    return "pending".equals(sample.path("metric").path("alertstate").asText());
  }

  /** Prometheus' own words for an error ({@code errorType: error}), else the body. */
  private static String error(JsonNode root, String body) {
    if (root.path("error").isTextual()) {
      return root.path("errorType").asText("error") + ": " + root.path("error").asText();
    }
    return cut(body);
  }

  private static AlertState unknown(String what) {
    return new AlertState.Unknown(what);
  }

  private static String cut(String text) {
    String flat = text.strip().replaceAll("\\s+", " ");
    return flat.length() <= SHOWN ? flat : flat.substring(0, SHOWN) + "...";
  }
}
