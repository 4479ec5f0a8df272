package org.maintd.daemon.app;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.files.AtomicFiles;
import org.maintd.daemon.store.FileStateStore;
import org.maintd.daemon.zookeeper.EpochFloor;
import org.maintd.daemon.zookeeper.StateImport;
import org.maintd.daemon.zookeeper.ZooKeeperConnection;
import org.maintd.daemon.zookeeper.ZooKeeperIdentity;
import org.maintd.daemon.zookeeper.ZooKeeperStateStore;
import org.maintd.protocol.state.StateCodec;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StoreException;

/**
 * {@code maintd --export-state FILE} and {@code --import-state FILE}: the stored state copied out
 * as a state file (the file store's format), and such a file stored back. Both stores. An import
 * refuses a file that is not a maintd state; in ZooKeeper it writes under the next leader epoch, so
 * that a running leader is fenced off and every daemon reads it; a file store is imported while its
 * daemon is stopped (it holds the state's lock). What an import replaces is kept beside the state.
 * Each method says what it did on standard output and throws {@link StartupException} with the exit
 * code when it cannot.
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
    if (zooKeeper()) {
      try (ZooKeeperConnection zk = connect()) {
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

  /** Stores the state in {@code file}. */
  String importFrom(Path file) {
    MaintdState state = parse(file);
    if (!zooKeeper()) {
      try (FileStateStore store = new FileStateStore(stateFile())) {
        Path aside = store.importState(state, clock.instant());
        return "imported "
            + file
            + " (serial "
            + state.serial()
            + ") into state file "
            + stateFile()
            + (aside == null ? "" : "; the unreadable state it replaced is kept in " + aside);
      } catch (StoreException e) {
        throw new StartupException(
            ExitCodes.FAILURE, e.getMessage() + " (stop maintd before importing a state file)");
      }
    }
    try (ZooKeeperConnection zk = connect()) {
      StateImport importer =
          new StateImport(
              zk.client(),
              "maintd --import-state on " + config.node(),
              EpochFloor.in(config.stateDir().resolve("leader-epoch")));
      StateImport.Imported done = importer.store(state);
      Path kept = keep(done.replaced());
      return "imported "
          + file
          + " (serial "
          + state.serial()
          + ") into "
          + importer.where()
          + " under leader epoch "
          + done.epoch()
          + "; a running leader is fenced off and the daemons go on from it"
          + (kept == null ? "" : "; what it replaced is kept in " + kept);
    } catch (StoreException e) {
      throw new StartupException(ExitCodes.FAILURE, e.getMessage());
    }
  }

  private MaintdState parse(Path file) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new StartupException(ExitCodes.FAILURE, "cannot read " + file + ": " + e.getMessage());
    }
    try {
      return codec.read(text);
    } catch (IllegalArgumentException e) {
      throw new StartupException(
          ExitCodes.FAILURE,
          file + " is not a maintd state (" + e.getMessage() + "): nothing was imported");
    }
  }

  /** The bytes an import replaced, kept in the state directory; null when there were none. */
  private Path keep(byte[] replaced) {
    if (replaced == null) {
      return null;
    }
    Path kept =
        config.stateDir().resolve("replaced-state-" + clock.instant().toEpochMilli() + ".bin");
    try {
      AtomicFiles.write(kept, replaced);
      return kept;
    } catch (IOException e) {
      throw new StartupException(
          ExitCodes.FAILURE, "imported, but cannot keep what it replaced in " + kept);
    }
  }

  private MaintdState read(java.util.function.Supplier<MaintdState> read) {
    try {
      return read.get();
    } catch (StoreException e) {
      throw new StartupException(ExitCodes.FAILURE, e.getMessage());
    }
  }

  private ZooKeeperConnection connect() {
    ZooKeeperIdentity identity;
    try {
      identity = ZooKeeperIdentity.of(config.ha().zookeeper());
    } catch (IllegalArgumentException e) {
      throw new StartupException(ExitCodes.USAGE, e.getMessage());
    }
    ZooKeeperConnection zk = new ZooKeeperConnection(config.ha().zookeeper(), identity, clock);
    try {
      zk.start();
    } catch (RuntimeException e) {
      throw new StartupException(
          e instanceof org.maintd.daemon.zookeeper.ChrootAcls.Refused
              ? ExitCodes.USAGE
              : ExitCodes.FAILURE,
          e.getMessage());
    }
    return zk;
  }

  private boolean zooKeeper() {
    return config.store().equals("zookeeper");
  }

  private Path stateFile() {
    return config.stateDir().resolve("state.json");
  }
}
