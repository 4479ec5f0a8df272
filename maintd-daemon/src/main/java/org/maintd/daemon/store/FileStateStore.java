package org.maintd.daemon.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.maintd.daemon.files.AtomicFiles;
import org.maintd.protocol.state.StateCodec;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StateStore;
import org.maintd.spi.StoreException;
import org.maintd.spi.UnreadableStateException;

/**
 * The state in one JSON file, replaced atomically on every write. A lock file keeps a second daemon
 * off the same state; compare-and-set is against the serial this process last read or wrote. A
 * state file that cannot be read or parsed stops the daemon and is never overwritten, but by an
 * operator's {@link #importState}, which keeps it beside. Thread-safe.
 */
public final class FileStateStore implements StateStore {
  private final Path file;
  private final StateCodec codec = new StateCodec();
  private final FileChannel lockChannel;
  private final FileLock lock;
  private long storedSerial = -1;

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
    String text = read(file);
    try {
      return new StateCodec().read(text);
    } catch (RuntimeException e) {
      throw new UnreadableStateException("state file " + file, e.getMessage(), e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
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
    String text = read(file);
    try {
      MaintdState state = codec.read(text);
      storedSerial = state.serial();
      return state;
    } catch (RuntimeException e) {
      throw new UnreadableStateException(
          "state file " + file,
          "it is corrupt ("
              + e.getMessage()
              + "); maintd will not overwrite it: import a good one (maintd --import-state FILE),"
              + " or move it away and start with --recover",
          e);
    }
  }

  /**
   * Stores {@code state} as it is, over whatever the file holds: an operator restoring an export
   * while no daemon runs. A file that cannot be read is kept beside it, renamed; returns where, or
   * null when there was none.
   */
  public synchronized Path importState(MaintdState state, java.time.Instant now) {
    Path aside = null;
    if (Files.exists(file)) {
      try {
        codec.read(Files.readString(file, StandardCharsets.UTF_8));
      } catch (IOException | RuntimeException unreadable) {
        aside = file.resolveSibling(file.getFileName() + ".unreadable-" + now.toEpochMilli());
        try {
          Files.move(file, aside);
        } catch (IOException e) {
          throw new StoreException("cannot move " + file + " aside: " + e.getMessage(), e);
        }
      }
    }
    write(state);
    return aside;
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

  /** Writes {@code state} to the file (atomically), as the stored state. */
  private void write(MaintdState state) {
    try {
      AtomicFiles.write(file, codec.write(state).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new StoreException("cannot write state file " + file + ": " + e, e);
    }
    storedSerial = state.serial();
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
