package org.maintd.daemon.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maintd.protocol.json.Json;

/**
 * How {@link RapiFaultProxy} changes RAPI's answers: a finished job answered as still running, an
 * answer cut short. Stateless.
 */
final class StuckJobs {
  private static final Set<String> FINISHED = Set.of("success", "error", "canceled");

  private StuckJobs() {}

  /**
   * {@code text}, RAPI's answer to {@code GET path}, with the job it shows running where it is
   * finished, when {@code path} is {@code /2/jobs/<job>} (any job when {@code job} is empty).
   */
  static String running(String path, String job, String text) {
    if (!path.matches("/2/jobs/\\d+") || !(job.isEmpty() || path.equals("/2/jobs/" + job))) {
      return text;
    }
    try {
      if (!(Json.parse(text) instanceof Map<?, ?> answer)
          || !FINISHED.contains(String.valueOf(answer.get("status")))) {
        return text;
      }
      Map<Object, Object> stuck = new LinkedHashMap<>(answer);
      stuck.put("status", "running");
      stuck.put("end_ts", null);
      if (answer.get("opstatus") instanceof List<?> ops) {
        List<String> running = new ArrayList<>();
        ops.forEach(o -> running.add("running"));
        stuck.put("opstatus", running);
      }
      return Json.write(stuck);
    } catch (JsonProcessingException e) {
      return text;
    }
  }

  /**
   * {@code text} cut to its first half; a bare value (a job id), whose every prefix may still be
   * one, cut to nothing.
   */
  static String cut(String text) {
    String t = text.strip();
    return t.startsWith("[") || t.startsWith("{") ? t.substring(0, t.length() / 2) : "";
  }
}
