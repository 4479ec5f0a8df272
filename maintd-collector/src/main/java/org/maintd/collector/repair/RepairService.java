package org.maintd.collector.repair;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.maintd.collector.exec.CommandResult;
import org.maintd.collector.exec.CommandRunner;
import org.maintd.collector.exec.Whitelist;
import org.maintd.collector.exec.WhitelistException;
import org.maintd.wire.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs repair commands for incidents, at most once per incident: the result of a command that ran
 * is stored in the results directory before it is answered, and every later request for the same
 * incident gets that stored result. Refusals (whitelist) are answered but not stored, so a fixed
 * whitelist lets a new request run. Thread-safe: one lock per incident.
 */
public final class RepairService {
  private static final Logger log = LoggerFactory.getLogger(RepairService.class);

  private final Whitelist whitelist;
  private final CommandRunner runner;
  private final Duration timeout;
  private final Path results;
  private final Map<String, Object> locks = new ConcurrentHashMap<>();

  public RepairService(Whitelist whitelist, CommandRunner runner, Duration timeout, Path results) {
    this.whitelist = whitelist;
    this.runner = runner;
    this.timeout = timeout;
    this.results = results;
  }

  public RepairResult repair(RepairRequest request) throws IOException {
    String id = request.incident().toString();
    synchronized (locks.computeIfAbsent(id, k -> new Object())) {
      Path stored = results.resolve(id + ".json");
      if (Files.exists(stored)) {
        return RepairResult.fromJson(Json.parse(Files.readString(stored))).asReplay();
      }
      RepairResult result = run(request);
      if (result.exitCode() >= 0 || result.error() != null && result.error().startsWith("timed out")) {
        store(stored, result);
      }
      return result;
    }
  }

  private RepairResult run(RepairRequest request) throws IOException {
    String id = request.incident().toString();
    Path command;
    try {
      command = whitelist.resolve(request.command());
    } catch (WhitelistException e) {
      log.warn("[incident={}] repair refused: {}", id, e.getMessage());
      return new RepairResult(id, request.command(), -1, "", e.getMessage(), false);
    }
    byte[] stdin = Json.write(request.original()).getBytes(StandardCharsets.UTF_8);
    log.info("[incident={}] running repair command {}", id, request.command());
    CommandResult r = runner.run(command, stdin, timeout);
    String output = new String(r.stdout(), StandardCharsets.UTF_8);
    if (r.timedOut()) {
      return new RepairResult(id, request.command(), -1, output, "timed out after " + timeout.toSeconds() + " s", false);
    }
    log.info("[incident={}] repair command {} exited with {}", id, request.command(), r.exitCode());
    String error = r.overLimit() ? "output over the limit of " + r.stdout().length + " bytes" : null;
    return new RepairResult(id, request.command(), r.exitCode(), output + r.stderr(), error, false);
  }

  private void store(Path target, RepairResult result) throws IOException {
    Files.createDirectories(results);
    Path tmp = Files.createTempFile(results, ".repair", ".tmp");
    Files.writeString(tmp, Json.write(result.toJson()));
    Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
  }
}
