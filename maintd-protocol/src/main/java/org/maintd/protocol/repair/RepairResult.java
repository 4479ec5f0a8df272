package org.maintd.protocol.repair;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The outcome of a repair request on {@code node}: the exit code and captured output of the
 * command, or an error when it did not run to completion ({@code exitCode} is then -1). {@code
 * replayed} is true when the answer is the stored result of an earlier request for the same
 * incident. The node is part of the signed answer, so an answer cannot pass for another node's.
 */
public record RepairResult(String node, String incident, String command, int exitCode, String output, String error,
    boolean replayed) {

  public boolean succeeded() {
    return error == null && exitCode == 0;
  }

  public Map<String, Object> toJson() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("node", node);
    map.put("incident", incident);
    map.put("command", command);
    map.put("exit_code", exitCode);
    map.put("output", output);
    map.put("error", error);
    map.put("replayed", replayed);
    return map;
  }

  public static RepairResult fromJson(Object parsed) {
    if (!(parsed instanceof Map<?, ?> m)) {
      throw new IllegalArgumentException("repair result is not a JSON object");
    }
    Object exit = m.get("exit_code");
    return new RepairResult(
        m.get("node") == null ? "" : String.valueOf(m.get("node")),
        String.valueOf(m.get("incident")), String.valueOf(m.get("command")),
        exit instanceof Number n ? n.intValue() : -1,
        m.get("output") == null ? "" : String.valueOf(m.get("output")),
        m.get("error") == null ? null : String.valueOf(m.get("error")),
        Boolean.TRUE.equals(m.get("replayed")));
  }

  public RepairResult asReplay() {
    return new RepairResult(node, incident, command, exitCode, output, error, true);
  }
}
