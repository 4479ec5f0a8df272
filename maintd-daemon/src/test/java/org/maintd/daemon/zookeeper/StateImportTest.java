package org.maintd.daemon.zookeeper;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.store.Replaced;
import org.maintd.protocol.state.StateCodec;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StoreException;

/**
 * An import into ZooKeeper keeps what it replaces before it writes over it, whole: a chunked state
 * as the state file it holds, an unreadable one as its header then its chunks; it writes nothing
 * when it cannot keep it, and only over the version it kept.
 */
class StateImportTest {
  private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");

  @TempDir Path dir;
  private TestingServer server;
  private CuratorFramework zk;

  @BeforeEach
  void start() throws Exception {
    server = new TestingServer(true);
    zk =
        CuratorFrameworkFactory.builder()
            .connectString(server.getConnectString())
            .retryPolicy(new RetryOneTime(100))
            .namespace("maintd")
            .build();
    zk.start();
  }

  @AfterEach
  void stop() throws Exception {
    zk.close();
    server.close();
  }

  private StateImport importer() {
    return new StateImport(zk, "maintd --import-state", EpochFloor.inMemory(), dir);
  }

  /** A state too large for one chunk of 64 bytes, stored by a leader in chunks of 64. */
  private MaintdState storeChunked() {
    ZooKeeperStateStore leader = new ZooKeeperStateStore(zk, "http://a:1816", 64);
    MaintdState s = leader.load(T0);
    String reason = "r".repeat(200) + new java.util.Random(7).ints(500, 0, 64).boxed().toList();
    return leader.save(s.withPaused(true, reason).versionAfter(s, T0));
  }

  private List<String> chunkPaths() throws Exception {
    List<String> paths = new ArrayList<>();
    for (String generation : zk.getChildren().forPath(ZooKeeperStateStore.CHUNKS)) {
      for (String chunk : zk.getChildren().forPath(ZooKeeperStateStore.CHUNKS + "/" + generation)) {
        paths.add(ZooKeeperStateStore.CHUNKS + "/" + generation + "/" + chunk);
      }
    }
    return paths.stream().sorted().toList();
  }

  @Test
  void aChunkedStateItReplacesIsKeptAsTheStateFileItHeldThenItsChunksGo() throws Exception {
    MaintdState chunked = storeChunked();
    assertTrue(chunkPaths().size() > 1, chunkPaths().toString());

    StateImport.Imported done = importer().store(MaintdState.initial(T0), T0);

    Path copy = dir.resolve("replaced-state-" + T0.toEpochMilli() + ".json");
    assertEquals(new Replaced.Readable(chunked.serial(), copy), done.replaced());
    assertEquals(chunked, new StateCodec().read(Files.readAllBytes(copy)));
    assertEquals(List.of(), chunkPaths(), "no header names the old chunks any more");
    assertEquals(0, new ZooKeeperStateStore(zk, "http://b:1816").load(T0).serial());
  }

  @Test
  void anUnreadableChunkedStateIsKeptAsItsHeaderThenEveryChunkThatIsThere() throws Exception {
    storeChunked();
    List<String> chunks = chunkPaths();
    ByteArrayOutputStream stored = new ByteArrayOutputStream();
    byte[] header = zk.getData().forPath(ZooKeeperStateStore.STATE);
    stored.writeBytes(header);
    int gzip = 0;
    for (String chunk : chunks.subList(0, chunks.size() - 1)) {
      byte[] bytes = zk.getData().forPath(chunk);
      stored.writeBytes(bytes);
      gzip += bytes.length;
    }
    zk.delete().forPath(chunks.get(chunks.size() - 1));

    StateImport.Imported done = importer().store(MaintdState.initial(T0), T0);

    Path copy = dir.resolve("replaced-state-" + T0.toEpochMilli() + ".bin");
    assertEquals(
        new Replaced.Unreadable(
            copy,
            "the header of /state, "
                + header.length
                + " bytes, then the "
                + (chunks.size() - 1)
                + " of its "
                + chunks.size()
                + " chunks that are there, "
                + gzip
                + " bytes of gzip: the state has "
                + chunks.size()
                + " chunks, "
                + (chunks.size() - 1)
                + " were read"),
        done.replaced());
    assertArrayEquals(stored.toByteArray(), Files.readAllBytes(copy));
  }

  @Test
  void whenWhatItReplacesCannotBeKeptNothingIsWritten() throws Exception {
    ZooKeeperStateStore leader = new ZooKeeperStateStore(zk, "http://a:1816");
    MaintdState s = leader.load(T0);
    leader.save(s.withPaused(true, "kept").versionAfter(s, T0));
    byte[] before = zk.getData().forPath(ZooKeeperStateStore.STATE);
    Path notADirectory = dir.resolve("file");
    Files.writeString(notADirectory, "");

    StoreException e =
        assertThrows(
            StoreException.class,
            () ->
                new StateImport(zk, "maintd --import-state", EpochFloor.inMemory(), notADirectory)
                    .store(MaintdState.initial(T0), T0));

    assertTrue(
        e.getMessage()
            .startsWith(
                "cannot keep the state it would replace in "
                    + notADirectory.resolve("replaced-state-" + T0.toEpochMilli() + ".json")
                    + ": "),
        e.getMessage());
    assertArrayEquals(before, zk.getData().forPath(ZooKeeperStateStore.STATE));
  }

  @Test
  void aLeadersWriteBetweenTheKeepingAndTheImportIsKeptToo() throws Exception {
    ZooKeeperStateStore leader = new ZooKeeperStateStore(zk, "http://a:1816");
    MaintdState first = leader.load(T0);
    first = leader.save(first.withPaused(true, "first").versionAfter(first, T0));
    MaintdState[] written = {first};
    AtomicInteger kept = new AtomicInteger();
    StateImport importer =
        new StateImport(
            zk,
            "maintd --import-state",
            EpochFloor.inMemory(),
            (stored, now) -> {
              Replaced r = ReplacedCopy.keep(stored, dir, now.plusMillis(kept.getAndIncrement()));
              if (kept.get() == 1) {
                MaintdState w = written[0];
                written[0] = leader.save(w.withPaused(true, "meanwhile").versionAfter(w, T0));
              }
              return r;
            });

    StateImport.Imported done = importer.store(MaintdState.initial(T0), T0);

    assertEquals(2, kept.get(), "kept again after the leader's write");
    Path copy = dir.resolve("replaced-state-" + (T0.toEpochMilli() + 1) + ".json");
    assertEquals(new Replaced.Readable(written[0].serial(), copy), done.replaced());
    assertEquals("meanwhile", new StateCodec().read(Files.readAllBytes(copy)).pauseReason());
    assertEquals(0, new ZooKeeperStateStore(zk, "http://b:1816").load(T0).serial());
  }
}
