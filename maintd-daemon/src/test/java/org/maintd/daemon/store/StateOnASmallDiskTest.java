package org.maintd.daemon.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.SmallDisk;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateUnwritableException;

/**
 * The file store on a disk of its own (a tmpfs of 512 KiB) that fills or turns read-only under it:
 * the write fails with the kernel's reason, the file still holds the last state written, whole, no
 * temporary file is left, and the same version is written once the disk takes it again. The lock
 * file is kept off the disk (a link to it), as an open file would keep the kernel from making the
 * disk read-only. Needs root (skipped without, failed with {@code MAINTD_FAULTS_REQUIRED=true});
 * costs about a second.
 */
class StateOnASmallDiskTest {
  private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");

  @TempDir Path tmp;

  private SmallDisk disk;
  private Path file;

  @BeforeEach
  void mount() throws Exception {
    disk = SmallDisk.required(tmp.resolve("disk"));
    file = disk.dir().resolve("state.json");
    Files.createSymbolicLink(
        disk.dir().resolve("state.json.lock"), Files.createFile(tmp.resolve("state.json.lock")));
  }

  @AfterEach
  void unmount() throws Exception {
    disk.close();
  }

  @Test
  void aFullDiskKeepsTheLastGoodStateAndTakesTheSameVersionOnceThereIsSpace() throws Exception {
    try (FileStateStore store = new FileStateStore(file)) {
      MaintdState good = store.save(store.load(NOW).nextVersion(NOW));
      disk.fill();
      MaintdState next =
          good.withPaused(true, "a reason long enough to need a block").nextVersion(NOW);
      StateUnwritableException e =
          assertThrows(StateUnwritableException.class, () -> store.save(next));
      assertEquals(file.toString(), e.where());
      assertTrue(e.reason().startsWith("No space left on device"), e.reason());
      assertEquals(good, FileStateStore.peek(file), "the file holds the last good state");
      assertNoTemporaryFile();
      assertThrows(StateUnwritableException.class, store::checkWritable);
      disk.free();
      store.checkWritable();
      store.save(next);
      assertEquals(next, FileStateStore.peek(file));
    }
  }

  @Test
  void aReadOnlyDiskKeepsTheLastGoodStateAndTakesTheSameVersionOnceWritable() throws Exception {
    try (FileStateStore store = new FileStateStore(file)) {
      MaintdState good = store.save(store.load(NOW).nextVersion(NOW));
      disk.readOnly();
      MaintdState next = good.withPaused(true, "alice").nextVersion(NOW);
      StateUnwritableException e =
          assertThrows(StateUnwritableException.class, () -> store.save(next));
      assertTrue(e.reason().startsWith("Read-only file system"), e.reason());
      assertEquals(good, FileStateStore.peek(file));
      disk.writable();
      store.save(next);
      assertEquals(next, FileStateStore.peek(file));
      assertNoTemporaryFile();
    }
  }

  private void assertNoTemporaryFile() throws Exception {
    try (Stream<Path> s = Files.list(disk.dir())) {
      assertFalse(
          s.anyMatch(p -> p.getFileName().toString().endsWith(".tmp")),
          "a failed write leaves no temporary file");
    }
  }
}
