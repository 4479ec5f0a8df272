package org.maintd.protocol.repair;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * The outcome of a repair request on {@code node}: the exit code and captured output of the
 * command, or an error when it did not run to completion ({@code exit_code} is then -1). {@code
 * replayed} is true when the answer is the recorded outcome of an earlier request for the same
 * incident. The node is part of the signed answer, so an answer cannot pass for another node's.
 */
public record RepairResult(
    String node,
    String incident,
    String command,
    @JsonProperty("exit_code") int exitCode,
    String output,
    String error,
    boolean replayed) {

  public RepairResult {
    node = node == null ? "" : node;
    output = output == null ? "" : output;
  }

  @JsonIgnore
  public boolean succeeded() {
    return error == null && exitCode == 0;
  }

  public RepairResult asReplay() {
    return new RepairResult(node, incident, command, exitCode, output, error, true);
  }
}
