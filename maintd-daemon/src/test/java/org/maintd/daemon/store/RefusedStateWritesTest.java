package org.maintd.daemon.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.faults.FaultKind;
import org.maintd.daemon.faults.Faults;
import org.maintd.daemon.service.PartState;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;
import org.maintd.spi.StateUnwritableException;
import org.maintd.spi.StoreException;

/**
 * A state write the file system refuses, without a disk of its own (a directory where the rename
 * must go): the store says so as {@link StateUnwritableException} naming the file and the reason,
 * the same words at every try; the part raises {@code STATE_UNWRITABLE} and keeps running, clears
 * it at the first write that succeeds, and still fails on a write out of turn. Costs well under a
 * second.
 */
class RefusedStateWritesTest {
  private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");
  private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);

  @TempDir Path dir;

  @Test
  void aRefusedWriteNamesTheFileAndTheReasonTheSameAtEveryTryAndTheSameVersionIsWrittenLater()
      throws Exception {
    Path file = dir.resolve("state.json");
    try (FileStateStore store = new FileStateStore(file)) {
      MaintdState first = store.save(store.load(NOW).nextVersion(NOW));
      inTheWay(file);
      MaintdState next = first.withPaused(true, "alice").nextVersion(NOW);
      StateUnwritableException once =
          assertThrows(StateUnwritableException.class, () -> store.save(next));
      StateUnwritableException again =
          assertThrows(StateUnwritableException.class, () -> store.save(next));
      assertEquals(file.toString(), once.where());
      assertTrue(once.reason().contains("Is a directory"), once.reason());
      assertEquals(once.getMessage(), again.getMessage(), "the same words at every try");
      assertFalse(list().contains(".tmp"), "no temporary file is left: " + list());
      out(file);
      assertEquals(
          next, store.save(next), "the refused version is written once the place takes it");
      assertTrue(FileStateStore.peek(file).paused());
    }
  }

  @Test
  void theStorePartRaisesTheFaultKeepsRunningAndClearsItAtTheFirstWriteThatSucceeds()
      throws Exception {
    Path file = dir.resolve("state.json");
    Faults faults = new Faults(CLOCK);
    StorePart part =
        new StorePart(
            file.toString(), () -> new FileStateStore(file), CLOCK, new StateWrites(), faults);
    part.start();
    try {
      MaintdState first = part.save(part.load(NOW).nextVersion(NOW));
      inTheWay(file);
      MaintdState next = first.nextVersion(NOW);
      assertThrows(StateUnwritableException.class, () -> part.save(next));
      assertTrue(faults.has(FaultKind.STATE_UNWRITABLE));
      assertTrue(
          faults.active().get(0).detail().startsWith(file + ": Is a directory"),
          faults.active().toString());
      assertEquals(PartState.RUNNING, part.state(), "a refused write does not fail the store");
      out(file);
      part.save(next);
      assertFalse(faults.has(FaultKind.STATE_UNWRITABLE));
      assertEquals(1, faults.begun(FaultKind.STATE_UNWRITABLE));
      assertThrows(StoreException.class, () -> part.save(next), "a write out of turn");
      assertEquals(PartState.FAILED, part.state(), "a write out of turn is a bug: it fails");
      assertFalse(faults.has(FaultKind.STATE_UNWRITABLE));
    } finally {
      part.close();
    }
  }

  @Test
  void theTemporaryFilesOfAWriteCutShortAreRemovedWhenTheStoreOpens() throws Exception {
    Path file = dir.resolve("state.json");
    Path left = Files.createFile(dir.resolve(".state.json123456.tmp"));
    Path other = Files.createFile(dir.resolve(".notifications.json99.tmp"));
    try (StateStore store = new FileStateStore(file)) {
      assertFalse(Files.exists(left), list());
      assertTrue(Files.exists(other), "another file's are not this store's to remove");
    }
  }

  /** A directory, not empty, where the state file is: the rename over it fails. */
  private static void inTheWay(Path file) throws Exception {
    Files.delete(file);
    Files.createDirectories(file.resolve("in-the-way"));
  }

  private static void out(Path file) throws Exception {
    Files.delete(file.resolve("in-the-way"));
    Files.delete(file);
  }

  private String list() throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).toList().toString();
    }
  }
}
