package org.maintd.collector.repair;

import org.maintd.protocol.repair.RepairResult;
import org.maintd.protocol.repair.RepairRequest;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.maintd.protocol.json.Json;

/**
 * The results directory of repair commands, one incident at a time: {@code <uuid>.started} (the
 * request: command, diagnose object, and when it started) is written and fsynced, with its
 * directory, before a command runs; {@code <uuid>.json} holds its outcome. A claim that cannot be
 * written means the command must not run. Together they tell the daemon, should it lose its own
 * state, which incidents this node has already repaired. Not thread-safe: the service holds the
 * incident's lock.
 */
final class RepairRecords {
  private final Path dir;
  private final Clock clock;

  RepairRecords(Path dir, Clock clock) {
    this.dir = dir;
    this.clock = clock;
  }

  /** A command started for an incident: what was asked, and when. */
  record Claim(String incident, String command, Map<String, Object> original, String started) {
    Map<String, Object> toJson() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("incident", incident);
      m.put("command", command);
      m.put("original", original);
      m.put("started", started);
      return m;
    }
  }

  /** The recorded outcome of the incident's command, if it ran and was recorded. */
  Optional<RepairResult> outcome(String id) throws IOException {
    Path file = dir.resolve(id + ".json");
    try {
      return Optional.of(RepairResult.fromJson(Json.parse(Files.readString(file))));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      throw new IOException("the recorded outcome " + file + " is not a repair result: " + e.getMessage(), e);
    }
  }

  /** The claim of the incident's command, if it was started. */
  Optional<Claim> claimed(String id) throws IOException {
    Path file = dir.resolve(id + ".started");
    try {
      return Optional.of(claim(id, Json.parse(Files.readString(file))));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (JsonProcessingException | IllegalArgumentException e) {
      return Optional.of(new Claim(id, "?", Map.of(), "(unreadable claim " + file + ")"));
    }
  }

  void claim(RepairRequest request) throws IOException {
    Files.createDirectories(dir);
    Claim c = new Claim(request.incident().toString(), request.command(), request.original(), clock.instant().toString());
    write(dir.resolve(c.incident() + ".started"), Json.write(c.toJson()), false);
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

  /** Every claim, with its outcome when there is one, oldest first by name. */
  List<Map<String, Object>> all() throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<String> ids;
    try (Stream<Path> files = Files.list(dir)) {
      ids = files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".started"))
          .map(n -> n.substring(0, n.length() - ".started".length())).sorted().toList();
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (String id : ids) {
      Optional<Claim> c = claimed(id);
      if (c.isPresent()) {
        Map<String, Object> m = c.get().toJson();
        m.put("outcome", outcome(id).map(RepairResult::toJson).orElse(null));
        out.add(m);
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static Claim claim(String id, Object json) {
    if (!(json instanceof Map<?, ?> m) || !(m.get("command") instanceof String command)
        || !(m.get("original") instanceof Map<?, ?> original) || !(m.get("started") instanceof String started)) {
      throw new IllegalArgumentException("not a claim");
    }
    return new Claim(id, command, (Map<String, Object>) original, started);
  }

  private void write(Path target, String text, boolean replace) throws IOException {
    Path tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
    try {
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
        ch.write(ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
        ch.force(true);
      }
      if (replace) {
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
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
