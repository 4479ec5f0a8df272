package org.maintd.daemon.backend.sim;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.maintd.daemon.files.AtomicFiles;
import org.maintd.protocol.state.Mappers;
import org.maintd.spi.BackendException;

/**
 * The simulation's files: its state (read again under a lock before every call when several daemons
 * share it), each simulated node's boot id beside its diagnose file, and the file the simulated
 * nodes read as their master. {@code sharedByDaemons}: several daemons use the state file.
 */
record SimFiles(Path file, SimSettings settings, boolean sharedByDaemons) {

  /**
   * Runs {@code call}: when shared, under the file's lock and after {@code reload} has been given
   * the state as stored, since another daemon may have changed it.
   */
  <T> T shared(Consumer<SimState> reload, Supplier<T> call) {
    if (!sharedByDaemons) {
      return call.get();
    }
    return SharedFileLock.with(
        file,
        () -> {
          if (Files.exists(file)) {
            reload.accept(read());
          }
          return call.get();
        });
  }

  boolean stored() {
    return Files.exists(file);
  }

  SimState read() {
    try {
      return Mappers.RECORDS.readValue(Files.readString(file), SimState.class);
    } catch (IOException e) {
      throw new BackendException(
          "simulated cluster state " + file + " is unreadable: " + e.getMessage(), e);
    }
  }

  void write(SimState state) {
    try {
      AtomicFiles.write(file, Mappers.RECORDS.writeValueAsBytes(state));
    } catch (IOException e) {
      throw new BackendException(
          "cannot write simulated cluster state " + file + ": " + e.getMessage(), e);
    }
  }

  /** Gives {@code node} a boot id unless it has one. */
  void ensureBootId(String node) {
    if (!Files.exists(bootIdFile(node))) {
      writeBootId(node);
    }
  }

  /** A new boot id for {@code node}: it booted. */
  void writeBootId(String node) {
    try {
      Files.createDirectories(settings.diagnoseDir());
      AtomicFiles.write(
          bootIdFile(node), (UUID.randomUUID() + "\n").getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new BackendException(
          "cannot write the boot id of simulated node " + node + ": " + e.getMessage(), e);
    }
  }

  /** {@code node} is the master, as the simulated nodes read it (nothing without a master file). */
  void writeMaster(String node) {
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
