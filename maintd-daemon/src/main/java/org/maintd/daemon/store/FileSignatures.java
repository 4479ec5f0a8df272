package org.maintd.daemon.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.maintd.daemon.files.AtomicFiles;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.SignedMessage;
import org.maintd.protocol.signing.UsedSignatures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The signed requests this daemon accepted, in a file of its state directory beside the state
 * ({@code {"<signature>": <salt>, ...}}), written before the change is acted on, so that a restart
 * within the window does not accept one again. Signatures older than the window are dropped. A file
 * that cannot be read is moved aside (named in the log) and a new one begun. Thread-safe.
 */
public final class FileSignatures implements UsedSignatures {
  private static final Logger log = LoggerFactory.getLogger(FileSignatures.class);

  private final Path file;
  private final Duration window;
  private Map<String, Long> used;

  public FileSignatures(Path file, Duration window) {
    this.file = file;
    this.window = window;
  }

  @Override
  public synchronized boolean firstUse(SignedMessage message, Instant now) {
    Map<String, Long> next = new TreeMap<>(used());
    long oldest = now.minus(window).getEpochSecond();
    next.values().removeIf(salt -> salt < oldest);
    if (next.containsKey(message.canonicalHmac())) {
      return false;
    }
    next.put(message.canonicalHmac(), salt(message));
    try {
      AtomicFiles.write(file, Json.write(next).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot record the request's signature in " + file + ": " + AtomicFiles.reason(e), e);
    }
    used = next;
    return true;
  }

  /** Read again from the file: another daemon of the installation may have recorded it. */
  @Override
  public synchronized boolean used(SignedMessage message, Instant now) {
    Long salt = read().get(message.canonicalHmac());
    return salt != null && salt >= now.minus(window).getEpochSecond();
  }

  private static long salt(SignedMessage message) {
    try {
      return Long.parseLong(message.salt());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private Map<String, Long> used() {
    if (used == null) {
      used = read();
    }
    return used;
  }

  private Map<String, Long> read() {
    Optional<String> stored = AtomicFiles.readIfThere(file, "used signatures");
    if (stored.isEmpty()) {
      return new TreeMap<>();
    }
    String text = stored.get();
    try {
      return new TreeMap<>(Json.LENIENT.readValue(text, new TypeReference<Map<String, Long>>() {}));
    } catch (JsonProcessingException e) {
      Path aside = file.resolveSibling(file.getFileName() + ".unreadable");
      try {
        Files.move(file, aside, StandardCopyOption.REPLACE_EXISTING);
      } catch (IOException moving) {
        throw new IllegalStateException(
            "the used signatures in " + file + " cannot be read and cannot be moved aside", moving);
      }
      log.error(
          "the used signatures in {} cannot be read ({}); moved to {}, beginning a new record",
          file,
          e.getOriginalMessage(),
          aside);
      return new TreeMap<>();
    }
  }
}
