package org.maintd.collector.repair;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.repair.RepairRecords;
import org.maintd.protocol.repair.RepairRequest;
import org.maintd.protocol.repair.RepairResult;

/**
 * The results directory of repair commands, one incident at a time: {@code <uuid>.started} (the
 * request: command, diagnose object, and when it started) is written and fsynced, with its
 * directory, before a command runs; {@code <uuid>.json} holds its outcome. A claim that cannot be
 * written means the command must not run. Together they tell the daemon, should it lose its own
 * state, which incidents this node has already repaired. Not thread-safe: the service holds the
 * incident's lock.
 */
final class ResultFiles {
  private final Path dir;
  private final Clock clock;

  ResultFiles(Path dir, Clock clock) {
    this.dir = dir;
    this.clock = clock;
  }

  /**
   * A command started for an incident: what was asked, and when; or, for a claim file that cannot
   * be read, why ({@code unreadable}, never written to a file).
   */
  record Claim(
      String incident,
      String command,
      Map<String, Object> original,
      String started,
      @JsonInclude(JsonInclude.Include.NON_NULL) String unreadable) {
    Claim(String incident, String command, Map<String, Object> original, String started) {
      this(incident, command, original, started, null);
    }
  }

  /** The recorded outcome of the incident's command, if it ran and was recorded. */
  Optional<RepairResult> outcome(String id) throws IOException {
    Path file = dir.resolve(id + ".json");
    try {
      return Optional.of(Json.read(Files.readString(file), RepairResult.class));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (JsonProcessingException e) {
      throw new IOException(
          "the recorded outcome " + file + " is not a repair result: " + e.getOriginalMessage(), e);
    }
  }

  /** The claim of the incident's command, if it was started. */
  Optional<Claim> claimed(String id) throws IOException {
    Path file = dir.resolve(id + ".started");
    try {
      Claim c = Json.read(Files.readString(file), Claim.class);
      if (c.command() == null || c.original() == null || c.started() == null) {
        throw new IllegalArgumentException("incomplete");
      }
      return Optional.of(new Claim(id, c.command(), c.original(), c.started()));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (JsonProcessingException | IllegalArgumentException e) {
      return Optional.of(
          new Claim(id, "?", Map.of(), "unknown", file + " is not a repair claim: " + reason(e)));
    }
  }

  private static String reason(Exception e) {
    return e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
  }

  void claim(RepairRequest request) throws IOException {
    Files.createDirectories(dir);
    Claim c =
        new Claim(
            request.incident().toString(),
            request.command(),
            request.original(),
            clock.instant().toString());
    write(dir.resolve(c.incident() + ".started"), Json.write(c), false);
  }

  /** Takes a claim back: the command did not start. */
  void release(String id) {
    try {
      Files.deleteIfExists(dir.resolve(id + ".started"));
    } catch (IOException e) {
      // the claim stays: the command is then never run for this incident, which is the safe side
    }
  }

  void record(String id, String json) throws IOException {
    write(dir.resolve(id + ".json"), json, true);
  }

  /**
   * Every claim, with its outcome when there is one, by name. A record that cannot be read is
   * listed with the file and the reason, so that the others are still told.
   */
  List<RepairRecords.Entry> all() throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<String> ids;
    try (Stream<Path> files = Files.list(dir)) {
      ids =
          files
              .map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(".started"))
              .map(n -> n.substring(0, n.length() - ".started".length()))
              .sorted()
              .toList();
    }
    List<RepairRecords.Entry> out = new ArrayList<>();
    for (String id : ids) {
      claimed(id).ifPresent(c -> out.add(entry(id, c)));
    }
    return out;
  }

  private RepairRecords.Entry entry(String id, Claim c) {
    try {
      return new RepairRecords.Entry(
          id, c.command(), c.original(), c.started(), outcome(id).orElse(null), c.unreadable());
    } catch (IOException e) {
      return new RepairRecords.Entry(
          id, c.command(), c.original(), c.started(), null, e.getMessage());
    }
  }

  private void write(Path target, String text, boolean replace) throws IOException {
    Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
    try {
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        ch.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
        ch.force(true);
      }
      if (replace) {
        Files.move(
            tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } else {
        Files.createLink(target, tmp);
      }
    } finally {
      Files.deleteIfExists(tmp);
    }
    try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
      d.force(true);
    }
  }
}
