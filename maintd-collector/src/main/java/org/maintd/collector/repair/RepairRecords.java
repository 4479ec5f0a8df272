package org.maintd.collector.repair;

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
import java.util.Optional;
import org.maintd.wire.Json;

/**
 * The results directory of repair commands, one incident at a time: {@code <uuid>.started} is
 * written (and fsynced, with its directory) before a command runs, {@code <uuid>.json} holds its
 * outcome. A claim that cannot be written means the command must not run. Not thread-safe: the
 * service holds the incident's lock.
 */
final class RepairRecords {
  private final Path dir;
  private final Clock clock;

  RepairRecords(Path dir, Clock clock) {
    this.dir = dir;
    this.clock = clock;
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

  /** When the incident's command was started, if it was. */
  Optional<String> claimed(String id) throws IOException {
    try {
      return Optional.of(Files.readString(dir.resolve(id + ".started")).strip());
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  void claim(String id, String command) throws IOException {
    Files.createDirectories(dir);
    write(dir.resolve(id + ".started"), "at " + clock.instant() + " (" + command + ")\n", false);
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
