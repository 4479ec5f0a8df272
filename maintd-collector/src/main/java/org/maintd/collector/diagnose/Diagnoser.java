package org.maintd.collector.diagnose;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maintd.diagnose.DiagnoseFormatException;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.exec.CommandResult;
import org.maintd.exec.CommandRunner;
import org.maintd.exec.Whitelist;
import org.maintd.exec.WhitelistException;
import org.maintd.protocol.json.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the node's configured diagnose command and turns its output into the report's data. It never
 * invents an action: whatever goes wrong yields {@code {"status": "Ok", "collector-error":
 * reason}}. Thread-safe.
 */
public final class Diagnoser implements DiagnoseSource {
  private static final Logger log = LoggerFactory.getLogger(Diagnoser.class);

  private final String command;
  private final Whitelist whitelist;
  private final CommandRunner runner;
  private final Duration timeout;
  private final DiagnoseParser parser = new DiagnoseParser();

  public Diagnoser(String command, Whitelist whitelist, CommandRunner runner, Duration timeout) {
    this.command = command;
    this.whitelist = whitelist;
    this.runner = runner;
    this.timeout = timeout;
  }

  public Map<String, Object> diagnose() {
    return diagnose(timeout);
  }

  /**
   * Diagnoses within {@code budget} at most (the caller's own time limit, so that a slow command
   * shows as timed out rather than as a collector that does not answer), or the configured limit
   * when that is shorter.
   */
  @Override
  public Map<String, Object> diagnose(Duration budget) {
    if (command.isEmpty()) {
      return Map.of("status", "Ok");
    }
    Duration limit = budget.compareTo(timeout) < 0 ? budget : timeout;
    try {
      Object output = run(limit);
      return parser.parseCommandOutput(output).original();
    } catch (WhitelistException | DiagnoseFormatException | CommandFailure e) {
      return failure(e.getMessage());
    } catch (IOException e) {
      return failure("diagnose command '" + command + "' could not run: " + e.getMessage());
    }
  }

  private Object run(Duration limit) throws IOException {
    Path path = whitelist.resolve(command);
    CommandResult result = runner.run(path, new byte[0], limit);
    if (result.timedOut()) {
      throw new CommandFailure("timed out after " + limit.toMillis() + " ms");
    }
    if (result.overLimit()) {
      throw new CommandFailure("printed more than " + result.stdout().length + " bytes");
    }
    if (result.exitCode() != 0) {
      throw new CommandFailure("exited with code " + result.exitCode() + tail(result.stderr()));
    }
    String text = utf8(result.stdout());
    try {
      return Json.parse(text);
    } catch (JsonProcessingException e) {
      throw new CommandFailure("did not print one JSON object: " + e.getOriginalMessage());
    }
  }

  private String utf8(byte[] bytes) {
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new CommandFailure("printed output that is not valid UTF-8");
    }
  }

  private Map<String, Object> failure(String reason) {
    String text =
        reason.startsWith("command '") || reason.startsWith("directory ")
            ? reason
            : "diagnose command '" + command + "': " + reason;
    log.warn("[node diagnose] {}", text);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("status", "Ok");
    data.put(DiagnoseParser.COLLECTOR_ERROR, text);
    return data;
  }

  private static String tail(String stderr) {
    String s = stderr.strip();
    return s.isEmpty() ? "" : ": " + (s.length() > 300 ? s.substring(s.length() - 300) : s);
  }

  /** The command ran but its outcome is not a usable diagnose object. */
  private static final class CommandFailure extends RuntimeException {
    CommandFailure(String message) {
      super(message);
    }
  }
}
