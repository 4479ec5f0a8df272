package org.maintd.daemon.backend.sim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.maintd.daemon.files.AtomicFiles;
import org.maintd.protocol.state.Mappers;
import org.maintd.spi.BackendException;

/**
 * The simulation's files: its state (when several daemons share it, read again under a lock before
 * a call if another daemon has changed it since this one last read or wrote it), each simulated
 * node's boot id beside its diagnose file, and the file the simulated nodes read as their master.
 * {@code sharedByDaemons}: several daemons use the state file. Not thread-safe: its {@link
 * SimBackend} calls it under its own lock.
 */
final class SimFiles implements SimStore {
  private final Path file;
  private final SimSettings settings;
  private final boolean sharedByDaemons;
  private final SimStateWriter writer = new SimStateWriter();
  private Optional<FileStamp> seen = Optional.empty();

  SimFiles(Path file, SimSettings settings, boolean sharedByDaemons) {
    this.file = file;
    this.settings = settings;
    this.sharedByDaemons = sharedByDaemons;
  }

  /**
   * The state file as last read or written: a file rewritten (atomically, by a rename) gets another
   * inode, and another modification time or size.
   */
  private record FileStamp(Object inode, FileTime modified, long size) {}

  /**
   * Runs {@code call}: when shared, under the file's lock and, when another daemon has changed the
   * file since, after {@code reload} has been given the state as stored.
   */
  @Override
  public <T> T shared(Consumer<SimState> reload, Supplier<T> call) {
    if (!sharedByDaemons) {
      return call.get();
    }
    return SharedFileLock.with(
        file,
        () -> {
          Optional<FileStamp> now = stamp();
          if (now.isPresent() && !now.equals(seen)) {
            reload.accept(read());
          }
          return call.get();
        });
  }

  private Optional<FileStamp> stamp() {
    try {
      BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
      return Optional.of(new FileStamp(a.fileKey(), a.lastModifiedTime(), a.size()));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new BackendException(
          "simulated cluster state " + file + " cannot be examined: " + e.getMessage(), e);
    }
  }

  @Override
  public boolean stored() {
    return Files.exists(file);
  }

  @Override
  public SimState read() {
    try {
      seen = stamp();
      return Mappers.RECORDS.readValue(Files.readString(file), SimState.class);
    } catch (IOException e) {
      throw new BackendException(
          "simulated cluster state " + file + " is unreadable: " + e.getMessage(), e);
    }
  }

  @Override
  public void write(SimState state) {
    try {
      AtomicFiles.write(file, writer.write(state));
      seen = stamp();
    } catch (IOException e) {
      throw new BackendException(
          "cannot write simulated cluster state " + file + ": " + e.getMessage(), e);
    }
  }

  /** Gives {@code node} a boot id unless it has one. */
  @Override
  public void ensureBootId(String node) {
    if (!Files.exists(bootIdFile(node))) {
      writeBootId(node);
    }
  }

  /** A new boot id for {@code node}: it booted. */
  @Override
  public void writeBootId(String node) {
    try {
      Files.createDirectories(settings.diagnoseDir());
      replace(bootIdFile(node), UUID.randomUUID() + "\n");
    } catch (IOException e) {
      throw new BackendException(
          "cannot write the boot id of simulated node " + node + ": " + e.getMessage(), e);
    }
  }

  /**
   * Replaces {@code target} with {@code text} at once (a rename), without waiting for the disk: a
   * simulated node's boot id need not survive a crash of the machine, and thousands are written at
   * the start of a large simulation.
   */
  private static void replace(Path target, String text) throws IOException {
    Path tmp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp");
    try {
      Files.writeString(tmp, text);
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  /** {@code node} is the master, as the simulated nodes read it (nothing without a master file). */
  @Override
  public void writeMaster(String node) {
    if (settings.masterFile() == null) {
      return;
    }
    try {
      AtomicFiles.write(settings.masterFile(), (node + "\n").getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new BackendException(
          "cannot write the simulated master file " + settings.masterFile() + ": " + e.getMessage(),
          e);
    }
  }

  private Path bootIdFile(String node) {
    return settings.diagnoseDir().resolve(node + ".boot_id");
  }
}
