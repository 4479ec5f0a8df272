package org.maintd.diagnose;

import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Strict parsing of diagnose objects: what a diagnose command prints, and the {@code data} of a
 * collector's report. Input is JSON already parsed into maps and lists. Stateless, thread-safe.
 */
public final class DiagnoseParser {
  /** The field a collector adds when it could not diagnose the node. */
  public static final String COLLECTOR_ERROR = "collector-error";

  private static final Pattern COMMAND_NAME = Pattern.compile("[A-Za-z0-9_-]+");

  /** Parses a diagnose command's output; throws with the reason when it is not acceptable. */
  public Diagnosis parseCommandOutput(Object json) {
    if (!(json instanceof Map<?, ?> raw)) {
      throw new DiagnoseFormatException(
          "expected a JSON object, got " + (json == null ? "null" : describe(json)));
    }
    Map<String, Object> object = stringKeys(raw);
    Object status = object.get("status");
    if (!(status instanceof String text)) {
      throw new DiagnoseFormatException("field 'status' is missing or not a string");
    }
    DiagnoseStatus parsed = DiagnoseStatus.parse(text);
    return new Diagnosis(parsed, command(parsed, object), object);
  }

  /** Interprets the {@code data} object of a verified report. */
  public NodeReport parseReportData(Object data) {
    if (data instanceof Map<?, ?> raw && raw.get(COLLECTOR_ERROR) != null) {
      return new NodeReport.CollectorError(String.valueOf(raw.get(COLLECTOR_ERROR)));
    }
    Diagnosis diagnosis = parseCommandOutput(data);
    return diagnosis.status() == DiagnoseStatus.OK
        ? new NodeReport.Healthy()
        : new NodeReport.NeedsAction(diagnosis);
  }

  private static Optional<String> command(DiagnoseStatus status, Map<String, Object> object) {
    Object command = object.get("command");
    if (status != DiagnoseStatus.LIVE_REPAIR) {
      return Optional.empty();
    }
    if (!(command instanceof String name) || name.isEmpty()) {
      throw new DiagnoseFormatException("status 'live-repair' needs a 'command' string");
    }
    if (!COMMAND_NAME.matcher(name).matches()) {
      throw new DiagnoseFormatException(
          "command '" + name + "' is not a plain name ([A-Za-z0-9_-]+)");
    }
    return Optional.of(name);
  }

  private static Map<String, Object> stringKeys(Map<?, ?> raw) {
    Map<String, Object> copy = new java.util.LinkedHashMap<>();
    raw.forEach((k, v) -> copy.put(String.valueOf(k), v));
    return copy;
  }

  private static String describe(Object json) {
    if (json instanceof java.util.List<?>) {
      return "a JSON array";
    }
    return "a JSON " + (json instanceof String ? "string" : json.getClass().getSimpleName());
  }
}
