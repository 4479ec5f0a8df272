package org.maintd.daemon.zookeeper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.maintd.daemon.files.AtomicFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The highest leader epoch this daemon has seen in the stored state or written itself, kept in a
 * file of its state directory, so that the epoch never goes back even when the state in ZooKeeper
 * is lost with the epoch it carried. A file that cannot be read counts as 0 (the epoch names a
 * leader in logs and chunk paths; fencing does not rest on it). Thread-safe.
 */
public final class EpochFloor {
  private static final Logger log = LoggerFactory.getLogger(EpochFloor.class);

  private final Path file;
  // written under this object's lock, read without it once known (every scrape asks)
  private volatile long highest = -1;

  private EpochFloor(Path file) {
    this.file = file;
  }

  /** Kept in {@code file}. */
  public static EpochFloor in(Path file) {
    return new EpochFloor(file);
  }

  /** Kept in memory only (tests, one-off commands). */
  public static EpochFloor inMemory() {
    return new EpochFloor(null);
  }

  /** The highest epoch seen or written (0: none). */
  public long highest() {
    long known = highest;
    if (known >= 0) {
      return known;
    }
    synchronized (this) {
      if (highest < 0) {
        highest = read();
      }
      return highest;
    }
  }

  /** Records that {@code epoch} was seen or written. */
  public synchronized void saw(long epoch) {
    if (epoch <= highest()) {
      return;
    }
    highest = epoch;
    if (file == null) {
      return;
    }
    try {
      AtomicFiles.write(file, (epoch + "\n").getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      log.warn("cannot record leader epoch {} in {}: {}", epoch, file, e.getMessage());
    }
  }

  private long read() {
    if (file == null) {
      return 0;
    }
    try {
      return Long.parseLong(Files.readString(file, StandardCharsets.UTF_8).strip());
    } catch (NoSuchFileException e) {
      return 0;
    } catch (IOException | NumberFormatException e) {
      log.warn("the leader epoch in {} cannot be read ({}); counting from 0", file, e.getMessage());
      return 0;
    }
  }
}
