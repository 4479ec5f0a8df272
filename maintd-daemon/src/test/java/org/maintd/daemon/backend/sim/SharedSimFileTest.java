package org.maintd.daemon.backend.sim;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.cluster.TaggedObject;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.htools.HtoolsReader;
import org.maintd.spi.BackendException;

/**
 * A simulated cluster that several daemons share: what one writes the other sees at its next call,
 * and a file nobody changed is not read again.
 */
class SharedSimFileTest {
  @TempDir Path dir;

  private final FakeClock clock = new FakeClock(Instant.ofEpochSecond(1_800_000_000));

  private Path file() {
    return dir.resolve("sim/cluster.json");
  }

  private SimSettings settings() {
    return new SimSettings(
        dir.resolve("c.data"), dir.resolve("diag"), Duration.ofSeconds(1), Duration.ZERO);
  }

  private SimBackend open() {
    return new SimBackend(
        file(), new HtoolsReader().read(TestCluster.CLUSTER, "t"), settings(), clock, true);
  }

  @Test
  void whatOneDaemonWritesTheOtherSeesAtItsNextCall() {
    SimBackend a = open();
    SimBackend b = open();
    a.addTags(TaggedObject.node("n2"), List.of("seen:by-b"));
    assertTrue(b.snapshot().node("n2").orElseThrow().tags().contains("seen:by-b"));
    b.removeTags(TaggedObject.node("n2"), List.of("seen:by-b"));
    b.inject(new FailRule("migrate", "n3", "", 2));
    assertFalse(a.snapshot().node("n2").orElseThrow().tags().contains("seen:by-b"));
    a.addTags(TaggedObject.node("n3"), List.of("after:b"));
    assertTrue(b.snapshot().node("n3").orElseThrow().tags().contains("after:b"));
    assertEquals(
        List.of(new FailRule("migrate", "n3", "", 2)),
        new SimFiles(file(), settings(), false).read().rules(),
        "a's write kept b's rule: a had read it first");
  }

  @Test
  void aFileNobodyChangedIsNotReadAgain() throws Exception {
    SimBackend a = open();
    a.snapshot();
    FileTime modified = Files.getLastModifiedTime(file());
    long size = Files.size(file());
    // the same inode, size and time, but not JSON any more: only a read would notice
    Files.write(
        file(),
        "x".repeat((int) size).getBytes(StandardCharsets.UTF_8),
        StandardOpenOption.TRUNCATE_EXISTING);
    Files.setLastModifiedTime(file(), modified);
    assertTrue(a.snapshot().node("n2").isPresent());
    Files.setLastModifiedTime(file(), FileTime.from(modified.toInstant().plusSeconds(1)));
    BackendException e = assertThrows(BackendException.class, a::snapshot);
    assertTrue(e.getMessage().contains("is unreadable"), e.getMessage());
  }
}
