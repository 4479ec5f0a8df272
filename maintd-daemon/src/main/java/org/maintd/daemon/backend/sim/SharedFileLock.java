package org.maintd.daemon.backend.sim;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Supplier;
import org.maintd.spi.BackendException;

/**
 * One caller at a time on a file several daemons share: within this JVM by a lock per file, across
 * processes by an exclusive lock on the file's {@code .lock} sibling. Stateless but for the locks.
 */
final class SharedFileLock {
  private static final ConcurrentHashMap<Path, ReentrantLock> IN_PROCESS =
      new ConcurrentHashMap<>();

  private SharedFileLock() {}

  static <T> T with(Path file, Supplier<T> call) {
    Path key = file.toAbsolutePath().normalize();
    ReentrantLock local = IN_PROCESS.computeIfAbsent(key, k -> new ReentrantLock());
    local.lock();
    try {
      Files.createDirectories(key.getParent());
      try (FileChannel channel =
              FileChannel.open(
                  key.resolveSibling(key.getFileName() + ".lock"),
                  StandardOpenOption.CREATE,
                  StandardOpenOption.WRITE);
          FileLock lock = channel.lock()) {
        return call.get();
      }
    } catch (IOException e) {
      throw new BackendException("cannot lock the shared simulated cluster " + file + ": " + e, e);
    } finally {
      local.unlock();
    }
  }
}
