package org.maintd.collector.repair;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.maintd.exec.CommandResult;
import org.maintd.exec.CommandRunner;
import org.maintd.exec.Whitelist;
import org.maintd.exec.WhitelistException;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.repair.RepairRecords;
import org.maintd.protocol.repair.RepairRequest;
import org.maintd.protocol.repair.RepairResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs repair commands for incidents, at most once per incident, even across restarts: before a
 * command runs, a claim is written durably to the results directory, and its outcome after it; a
 * later request for the same incident gets the stored outcome, or, when the collector stopped while
 * the command ran, an error saying so; the command never runs twice. When the claim cannot be
 * written the command does not run. Refusals (whitelist) are answered but not recorded, so a fixed
 * whitelist lets a new request run. Thread-safe: one lock per incident.
 */
public final class RepairService {
  private static final Logger log = LoggerFactory.getLogger(RepairService.class);

  private final String node;
  private final Whitelist whitelist;
  private final CommandRunner runner;
  private final Duration timeout;
  private final ResultFiles records;
  private final Map<String, Object> locks = new ConcurrentHashMap<>();
  private final Map<String, String> unrecorded = new ConcurrentHashMap<>();
  private final ResultsDisk disk;

  public RepairService(
      String node,
      Whitelist whitelist,
      CommandRunner runner,
      Duration timeout,
      Path results,
      Clock clock) {
    this.node = node;
    this.whitelist = whitelist;
    this.runner = runner;
    this.timeout = timeout;
    this.records = new ResultFiles(results, clock);
    this.disk = new ResultsDisk(results);
  }

  public RepairResult repair(RepairRequest request) {
    String id = request.incident().toString();
    synchronized (locks.computeIfAbsent(id, k -> new Object())) {
      recordWhatWaits();
      try {
        Optional<RepairResult> earlier = outcome(id);
        if (earlier.isPresent()) {
          return earlier.get().asReplay();
        }
        Optional<ResultFiles.Claim> started = records.claimed(id);
        if (started.isPresent()) {
          return failure(
              request,
              started.get().unreadable() != null
                  ? "the command was claimed before, but "
                      + started.get().unreadable()
                      + "; it is not run again"
                  : "the command was started at "
                      + started.get().started()
                      + " but its outcome was not"
                      + " recorded (the collector stopped while it ran); it is not run again");
        }
      } catch (IOException e) {
        throw disk.refused("read", e);
      }
      Path command;
      try {
        command = whitelist.resolve(request.command());
      } catch (WhitelistException e) {
        log.warn("[incident={}] repair refused: {}", id, e.getMessage());
        return failure(request, e.getMessage());
      }
      try {
        records.claim(request);
      } catch (IOException e) {
        throw disk.refused("written", e);
      }
      disk.took();
      return runAndRecord(request, command);
    }
  }

  private RepairResult runAndRecord(RepairRequest request, Path command) {
    String id = request.incident().toString();
    RepairResult result;
    try {
      result = run(request, command);
    } catch (IOException e) {
      records.release(id);
      return failure(request, "the command did not start: " + e.getMessage());
    }
    String json = Json.write(result);
    try {
      records.record(id, json);
    } catch (IOException e) {
      unrecorded.put(id, json);
      log.error(
          "[incident={}] repair ran, but its outcome cannot be recorded: {}; it is kept until it"
              + " can be",
          id,
          e.getMessage());
    }
    return result;
  }

  private RepairResult run(RepairRequest request, Path command) throws IOException {
    String id = request.incident().toString();
    byte[] stdin = Json.write(request.original()).getBytes(StandardCharsets.UTF_8);
    log.info("[incident={}] running repair command {}", id, request.command());
    CommandResult r = runner.run(command, stdin, timeout);
    String output = new String(r.stdout(), StandardCharsets.UTF_8);
    if (r.timedOut()) {
      return new RepairResult(
          node,
          id,
          request.command(),
          -1,
          output,
          "timed out after " + timeout.toSeconds() + " s",
          false);
    }
    log.info("[incident={}] repair command {} exited with {}", id, request.command(), r.exitCode());
    String error =
        r.overLimit() ? "output over the limit of " + r.stdout().length + " bytes" : null;
    return new RepairResult(
        node, id, request.command(), r.exitCode(), output + r.stderr(), error, false);
  }

  /**
   * Every repair this node has started, with its outcome when recorded, for a daemon that lost its
   * state.
   */
  public RepairRecords records() throws IOException {
    recordWhatWaits();
    return new RepairRecords(node, records.all());
  }

  /** The outcome of the incident's command: the one that waits to be recorded, or the recorded. */
  private Optional<RepairResult> outcome(String id) throws IOException {
    String waiting = unrecorded.get(id);
    return waiting != null
        ? Optional.of(Json.read(waiting, RepairResult.class))
        : records.outcome(id);
  }

  /**
   * Records the outcomes that could not be recorded when their commands ended, where it can now.
   */
  private void recordWhatWaits() {
    for (Map.Entry<String, String> e : unrecorded.entrySet()) {
      try {
        records.record(e.getKey(), e.getValue());
        unrecorded.remove(e.getKey(), e.getValue());
        log.info("[incident={}] its repair's outcome is recorded now", e.getKey());
      } catch (IOException still) {
        return;
      }
    }
  }

  private RepairResult failure(RepairRequest request, String why) {
    return new RepairResult(
        node, request.incident().toString(), request.command(), -1, "", why, false);
  }
}
