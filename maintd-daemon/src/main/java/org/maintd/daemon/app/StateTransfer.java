package org.maintd.daemon.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.Store;
import org.maintd.daemon.config.ZooKeeper;
import org.maintd.daemon.files.AtomicFiles;
import org.maintd.daemon.store.FileStateStore;
import org.maintd.daemon.store.Replaced;
import org.maintd.daemon.zookeeper.ChrootAcls;
import org.maintd.daemon.zookeeper.EpochFloor;
import org.maintd.daemon.zookeeper.StateImport;
import org.maintd.daemon.zookeeper.ZooKeeperConnection;
import org.maintd.daemon.zookeeper.ZooKeeperIdentity;
import org.maintd.daemon.zookeeper.ZooKeeperStateStore;
import org.maintd.daemon.zookeeper.tls.TlsRefused;
import org.maintd.protocol.state.IncompleteStateException;
import org.maintd.protocol.state.NewerSchemaException;
import org.maintd.protocol.state.NotJsonException;
import org.maintd.protocol.state.StateCodec;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StoreException;

/**
 * {@code maintd --export-state FILE} and {@code --import-state FILE}: the stored state copied out
 * as a state file (the file store's format), and such a file stored back. Both stores. An import
 * refuses a file that is not a complete maintd state (unless forced: then it must still be one
 * maintd reads); in ZooKeeper it writes under the next leader epoch, so that a running leader is
 * fenced off and every daemon reads it; a file store is imported while its daemon is stopped (it
 * holds the state's lock). What an import replaces, readable or not, is kept in the state directory
 * before it is written over; when it cannot be, nothing is imported. Each method says what it did
 * on standard output and throws {@link StartupException} with the exit code when it cannot.
 */
final class StateTransfer {
  private final DaemonConfig config;
  private final Clock clock;
  private final StateCodec codec = new StateCodec();

  StateTransfer(DaemonConfig config, Clock clock) {
    this.config = config;
    this.clock = clock;
  }

  /** Writes the stored state to {@code file}. */
  String exportTo(Path file) {
    MaintdState state;
    String where;
    if (config.store() instanceof Store.InZooKeeper z) {
      try (ZooKeeperConnection zk = connect(z.zookeeper())) {
        ZooKeeperStateStore store =
            new ZooKeeperStateStore(zk.client(), "maintd --export-state", EpochFloor.inMemory());
        where = store.where();
        ZooKeeperStateStore.Read r = store.peek();
        state = r == null ? null : r.state();
      } catch (StoreException e) {
        throw new StartupException(ExitCodes.FAILURE, e.getMessage());
      }
    } else {
      where = "state file " + stateFile();
      state = read(() -> FileStateStore.peek(stateFile()));
    }
    if (state == null) {
      throw new StartupException(ExitCodes.FAILURE, "no state is stored in " + where);
    }
    try {
      AtomicFiles.write(file, codec.write(state).getBytes(StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new StartupException(ExitCodes.FAILURE, "cannot write " + file + ": " + e.getMessage());
    }
    return "exported the state of " + where + " (serial " + state.serial() + ") to " + file;
  }

  /**
   * Stores the state in {@code file}, which must be a complete state unless {@code force} (then
   * what it lacks is read at its defaults); what it replaces is kept first.
   */
  String importFrom(Path file, boolean force) {
    MaintdState state = parse(file, force);
    String imported = "imported " + file + " (serial " + state.serial() + ") into ";
    if (!(config.store() instanceof Store.InZooKeeper z)) {
      FileStateStore store = open();
      try (store) {
        Replaced replaced = store.importState(state, clock.instant());
        return imported + "state file " + stateFile() + "; " + replaced.said();
      } catch (StoreException e) {
        throw new StartupException(ExitCodes.FAILURE, e.getMessage() + ": nothing was imported");
      }
    }
    try (ZooKeeperConnection zk = connect(z.zookeeper())) {
      StateImport importer =
          new StateImport(
              zk.client(),
              "maintd --import-state on " + config.node(),
              EpochFloor.in(config.stateDir().resolve("leader-epoch")),
              config.stateDir());
      StateImport.Imported done = importer.store(state, clock.instant());
      return imported
          + importer.where()
          + " under leader epoch "
          + done.epoch()
          + "; a running leader is fenced off and the daemons go on from it; "
          + done.replaced().said();
    } catch (StoreException e) {
      throw new StartupException(ExitCodes.FAILURE, e.getMessage());
    }
  }

  /** The file store, held while no daemon holds it. */
  private FileStateStore open() {
    try {
      return new FileStateStore(stateFile());
    } catch (StoreException e) {
      throw new StartupException(
          ExitCodes.FAILURE,
          e.getMessage() + " (stop maintd before importing a state file): nothing was imported");
    }
  }

  private MaintdState parse(Path file, boolean force) {
    byte[] bytes = bytes(file);
    try {
      return force ? codec.read(bytes) : codec.readComplete(bytes);
    } catch (NotJsonException e) {
      throw new StartupException(
          ExitCodes.FAILURE,
          "cannot import " + file + ": it is not JSON text (" + e.detail() + ")");
    } catch (NewerSchemaException e) {
      throw new StartupException(
          ExitCodes.FAILURE,
          "cannot import " + file + ": it was " + e.writtenBy() + ": nothing was imported");
    } catch (IncompleteStateException e) {
      throw new StartupException(
          ExitCodes.FAILURE,
          file + " is not a complete maintd state (" + e.getMessage() + "): nothing was imported");
    } catch (IllegalArgumentException e) {
      throw new StartupException(
          ExitCodes.FAILURE,
          file + " is not a maintd state (" + e.getMessage() + "): nothing was imported");
    }
  }

  private static byte[] bytes(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new StartupException(ExitCodes.FAILURE, "cannot import " + file + ": no such file");
    } catch (AccessDeniedException e) {
      throw new StartupException(
          ExitCodes.FAILURE, "cannot import " + file + ": permission denied");
    } catch (IOException e) {
      throw new StartupException(ExitCodes.FAILURE, "cannot import " + file + ": " + e);
    }
  }

  private MaintdState read(java.util.function.Supplier<MaintdState> read) {
    try {
      return read.get();
    } catch (StoreException e) {
      throw new StartupException(ExitCodes.FAILURE, e.getMessage());
    }
  }

  private ZooKeeperConnection connect(ZooKeeper settings) {
    ZooKeeperIdentity identity;
    try {
      identity = ZooKeeperIdentity.of(settings);
    } catch (IllegalArgumentException e) {
      throw new StartupException(ExitCodes.USAGE, e.getMessage());
    }
    ZooKeeperConnection zk = new ZooKeeperConnection(settings, identity, clock);
    try {
      zk.start();
    } catch (RuntimeException e) {
      throw new StartupException(
          e instanceof ChrootAcls.Refused || e instanceof TlsRefused
              ? ExitCodes.USAGE
              : ExitCodes.FAILURE,
          e.getMessage());
    }
    return zk;
  }

  private Path stateFile() {
    return config.stateDir().resolve("state.json");
  }
}
