package org.maintd.daemon.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.maintd.daemon.files.AtomicFiles;
import org.maintd.protocol.state.NewerSchemaException;
import org.maintd.protocol.state.StateCodec;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;
import org.maintd.spi.StateUnwritableException;
import org.maintd.spi.StoreException;
import org.maintd.spi.UnreadableStateException;

/**
 * The state in one JSON file, replaced atomically on every write. A lock file keeps a second daemon
 * off the same state; compare-and-set is against the serial this process last read or wrote. A
 * state file that cannot be read or parsed stops the daemon and is never overwritten, but by an
 * operator's {@link #importState}, which keeps what it replaces beside, readable or not. A write
 * the file system refuses (full, read-only, an fsync or rename that fails) leaves the last good
 * state in the file and says so with {@link StateUnwritableException}; a state that cannot be
 * encoded or a write out of turn is a {@link StoreException}. Thread-safe.
 */
public final class FileStateStore implements StateStore, StateWrites.Sized {
  private final Path file;
  private final StateCodec codec = new StateCodec();
  private final FileChannel lockChannel;
  private final FileLock lock;
  private long storedSerial = -1;
  private long lastWriteBytes;

  public FileStateStore(Path file) {
    this.file = file;
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
      Path lockFile = file.resolveSibling(file.getFileName() + ".lock");
      lockChannel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
      lock = tryLock(lockChannel);
    } catch (IOException e) {
      throw new StoreException("cannot open state directory of " + file + ": " + e.getMessage(), e);
    }
    if (lock == null) {
      closeQuietly(lockChannel);
      throw new StoreException("state file " + file + " is in use by another maintd process");
    }
    removeLeftovers();
  }

  private static void closeQuietly(FileChannel channel) {
    try {
      channel.close();
    } catch (IOException e) {
      // nothing more to release: the store was never opened
    }
  }

  private static FileLock tryLock(FileChannel channel) throws IOException {
    try {
      return channel.tryLock();
    } catch (java.nio.channels.OverlappingFileLockException e) {
      return null;
    }
  }

  @Override
  public boolean exists() {
    return Files.exists(file);
  }

  @Override
  public String where() {
    return file.toString();
  }

  /**
   * The state in {@code file} as it is now, without taking the lock (a standby shows it); null when
   * there is none. Throws {@link StoreException} when it cannot be read.
   */
  public static MaintdState peek(Path file) {
    if (!Files.exists(file)) {
      return null;
    }
    byte[] bytes = read(file);
    try {
      return new StateCodec().read(bytes);
    } catch (RuntimeException e) {
      throw new UnreadableStateException("state file " + file, e.getMessage(), e);
    }
  }

  private static byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new StoreException("cannot read state file " + file + ": " + e.getMessage(), e);
    }
  }

  @Override
  public synchronized MaintdState load(Instant now) {
    if (!Files.exists(file)) {
      storedSerial = 0;
      return MaintdState.initial(now);
    }
    byte[] bytes = read(file);
    try {
      MaintdState state = codec.read(bytes);
      storedSerial = state.serial();
      return state;
    } catch (RuntimeException e) {
      throw new UnreadableStateException("state file " + file, unreadable(e), e);
    }
  }

  /** Why the file cannot be read, and what brings a state back: a newer maintd's is left to it. */
  private static String unreadable(RuntimeException e) {
    if (e instanceof NewerSchemaException newer) {
      return "it was "
          + newer.writtenBy()
          + ". maintd will not overwrite it: run the newer maintd, or import a state this one"
          + " reads (an export taken before the upgrade: maintd --import-state FILE)";
    }
    return "it is corrupt ("
        + e.getMessage()
        + "); maintd will not overwrite it: import a good one (maintd --import-state FILE),"
        + " or move it away and start with --recover";
  }

  /**
   * Stores {@code state} as it is, over whatever the file holds: an operator restoring an export
   * while no daemon runs. What the file held is kept beside it first, byte for byte: {@code
   * state.json.replaced-<ms>} when maintd can read it, else {@code state.json.unreadable-<ms>}.
   * When it cannot be kept, nothing is written: a {@link StoreException} says why.
   */
  public synchronized Replaced importState(MaintdState state, Instant now) {
    Replaced replaced = keep(now);
    write(state);
    return replaced;
  }

  private Replaced keep(Instant now) {
    if (!Files.exists(file)) {
      return new Replaced.Nothing();
    }
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (IOException e) {
      throw new StoreException("cannot read state file " + file + " to keep it: " + e, e);
    }
    long serial;
    try {
      serial = codec.read(bytes).serial();
    } catch (IllegalArgumentException unreadable) {
      return new Replaced.Unreadable(copy(bytes, ".unreadable-", now), "the file as it was");
    }
    return new Replaced.Readable(serial, copy(bytes, ".replaced-", now));
  }

  /** Writes {@code bytes} to a new file beside the state, named with {@code infix} and the time. */
  private Path copy(byte[] bytes, String infix, Instant now) {
    Path copy = file.resolveSibling(file.getFileName() + infix + now.toEpochMilli());
    String cannot = "cannot keep state file " + file + " in " + copy + ": ";
    if (Files.exists(copy)) {
      throw new StoreException(cannot + "it exists");
    }
    try {
      AtomicFiles.write(copy, bytes);
      return copy;
    } catch (IOException e) {
      throw new StoreException(cannot + e, e);
    }
  }

  @Override
  public synchronized long lastWriteBytes() {
    return lastWriteBytes;
  }

  @Override
  public synchronized MaintdState save(MaintdState state) {
    if (storedSerial < 0) {
      throw new StoreException("state file " + file + " was not loaded before the first write");
    }
    StateStore.requireNext(state, storedSerial);
    write(state);
    return state;
  }

  /**
   * Writes {@code state} to the file (atomically), as the stored state. A file system that refuses
   * it throws {@link StateUnwritableException}: the file keeps the last state written, and the same
   * version may be written again.
   */
  private void write(MaintdState state) {
    byte[] bytes = codec.write(state).getBytes(StandardCharsets.UTF_8);
    try {
      AtomicFiles.write(file, bytes);
    } catch (IOException e) {
      throw new StateUnwritableException(file.toString(), AtomicFiles.reason(e), e);
    }
    lastWriteBytes = bytes.length;
    storedSerial = state.serial();
  }

  /** Writes, syncs and removes a small file beside the state file; the state is not touched. */
  @Override
  public void checkWritable() {
    try {
      AtomicFiles.probe(file);
    } catch (IOException e) {
      throw new StateUnwritableException(file.toString(), AtomicFiles.reason(e), e);
    }
  }

  /**
   * Removes the temporary files a write left when the process stopped in its middle: they hold no
   * state anyone reads, and on a full disk their space is wanted. What cannot be removed stays.
   */
  private void removeLeftovers() {
    Path dir = file.toAbsolutePath().getParent();
    try (DirectoryStream<Path> left =
        Files.newDirectoryStream(dir, "." + file.getFileName() + "*.tmp")) {
      for (Path p : left) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // a read-only disk: they are left for a later start
    }
  }

  @Override
  public synchronized void close() {
    try {
      lock.release();
      lockChannel.close();
    } catch (IOException e) {
      throw new StoreException("cannot release the lock of " + file + ": " + e.getMessage(), e);
    }
  }
}
