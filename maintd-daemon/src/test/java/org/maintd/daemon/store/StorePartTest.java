package org.maintd.daemon.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.spi.MaintdState;

/** The store as a part counts each write the file store made, with the file's size. */
class StorePartTest {
  private static final Instant NOW = Instant.parse("2026-11-27T10:00:00Z");

  @TempDir Path dir;

  @Test
  void eachWriteIsCountedWithTheBytesTheFileHolds() {
    Path file = dir.resolve("state.json");
    StateWrites writes = new StateWrites();
    StorePart part =
        new StorePart(
            file.toString(),
            () -> new FileStateStore(file),
            Clock.fixed(NOW, ZoneOffset.UTC),
            writes);
    part.start();
    try {
      MaintdState s = part.load(NOW);
      assertEquals(0, writes.count());
      s = part.save(s.nextVersion(NOW));
      long first = sizeOf(file);
      s = part.save(s.withPaused(true, "a reason long enough to change the size").nextVersion(NOW));
      long second = sizeOf(file);
      assertEquals(2, writes.count());
      assertEquals(second, writes.last());
      assertEquals(first + second, writes.bytes());
    } finally {
      part.close();
    }
  }

  private static long sizeOf(Path file) {
    try {
      return Files.size(file);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
