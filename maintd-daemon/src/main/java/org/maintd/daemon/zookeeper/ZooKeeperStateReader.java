package org.maintd.daemon.zookeeper;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.maintd.protocol.state.StateCodec;
import org.maintd.protocol.state.StateEnvelope;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StoreException;
import org.maintd.spi.UnreadableStateException;

/**
 * Reads the state some leader stored in {@code /state} and the chunks its header names, without
 * changing anything. A state that is there but cannot be decoded (a header that is not maintd's, an
 * unknown format, bad gzip or JSON, a chunk its header names that is missing, a digest that does
 * not match) is an {@link UnreadableStateException}; ZooKeeper out of reach is {@link
 * ZooKeeperStateStore.Unavailable}. Thread-safe.
 */
final class ZooKeeperStateReader {
  static final String STATE = "/state";
  static final String CHUNKS = "/state-chunks";
  private static final int ATTEMPTS = 5;

  private final CuratorFramework zk;
  private final StateCodec codec = new StateCodec();

  ZooKeeperStateReader(CuratorFramework zk) {
    this.zk = zk;
  }

  /**
   * What a read found: the header, the state, the version of {@code /state}, and the zxid of the
   * write that left it so ({@code written}: unique in the ensemble's history, a new {@code /state}
   * created with its version at 0 again included).
   */
  record Read(StateEnvelope envelope, MaintdState state, int version, long written) {}

  /** Where the state lives, for messages: {@code ZooKeeper /maintd/state}. */
  String where() {
    return "ZooKeeper /" + zk.getNamespace() + STATE;
  }

  /** The stored state, or null when none was ever stored. */
  Read read() {
    return read(Optional.empty());
  }

  /**
   * The stored state, or null when none is; {@code last} itself when {@code /state} was not written
   * since it was read, without reading or decoding its chunks.
   */
  Read read(Optional<Read> last) {
    for (int attempt = 1; ; attempt++) {
      Stat stat = new Stat();
      byte[] header;
      try {
        header = zk.getData().storingStatIn(stat).forPath(STATE);
      } catch (KeeperException.NoNodeException e) {
        return null;
      } catch (Exception e) {
        throw ZooKeeperFailures.of("cannot read the state from ZooKeeper", e);
      }
      if (last.isPresent() && last.get().written() == stat.getMzxid()) {
        return last.get();
      }
      StateEnvelope envelope = parse(header);
      List<byte[]> chunks = chunks(envelope, stat.getVersion(), attempt);
      if (chunks != null) {
        return new Read(envelope, decode(envelope, chunks), stat.getVersion(), stat.getMzxid());
      }
    }
  }

  /**
   * What {@code /state} holds now, whatever it is, for an import to keep before it writes over it;
   * empty when nothing is stored. Chunks its header names that are missing are left out.
   */
  Optional<StoredState> stored() {
    Stat stat = new Stat();
    byte[] header;
    try {
      header = zk.getData().storingStatIn(stat).forPath(STATE);
    } catch (KeeperException.NoNodeException e) {
      return Optional.empty();
    } catch (Exception e) {
      throw ZooKeeperFailures.of("cannot read the state from ZooKeeper", e);
    }
    Optional<StateEnvelope> envelope = Optional.empty();
    List<byte[]> parts = List.of();
    try {
      envelope = Optional.of(StateEnvelope.parse(header));
      parts = presentChunks(envelope.get());
      String text = envelope.get().unpack(parts);
      return Optional.of(
          new StoredState(
              stat.getVersion(),
              envelope,
              new StoredState.Decoded(text, codec.read(text).serial())));
    } catch (IllegalArgumentException e) {
      int named = envelope.map(StateEnvelope::chunks).orElse(0);
      return Optional.of(
          new StoredState(
              stat.getVersion(),
              envelope,
              new StoredState.Undecodable(header, parts, named, e.getMessage())));
    }
  }

  /** The chunks {@code e} names that are there, in order. */
  private List<byte[]> presentChunks(StateEnvelope e) {
    List<byte[]> parts = new ArrayList<>();
    for (int i = 0; i < e.chunks(); i++) {
      try {
        parts.add(zk.getData().forPath(chunk(e, i)));
      } catch (KeeperException.NoNodeException missing) {
        // kept as what is there; the state is unreadable without it
      } catch (Exception ex) {
        throw ZooKeeperFailures.of("cannot read the state from ZooKeeper", ex);
      }
    }
    return parts;
  }

  /**
   * The chunks {@code e} names; null when one is missing because a newer write replaced them
   * meanwhile (read again), an {@link UnreadableStateException} when the header that names it is
   * still the one read (writers store the chunks before the header that names them).
   */
  private List<byte[]> chunks(StateEnvelope e, int version, int attempt) {
    List<byte[]> parts = new ArrayList<>();
    for (int i = 0; i < e.chunks(); i++) {
      String path = chunk(e, i);
      try {
        parts.add(zk.getData().forPath(path));
      } catch (KeeperException.NoNodeException missing) {
        if (headerVersion() != version) {
          if (attempt >= ATTEMPTS) {
            throw new StoreException(where() + " kept changing while it was read");
          }
          return null;
        }
        throw new UnreadableStateException(
            where(),
            "its header (serial "
                + e.serial()
                + ") names the chunk /"
                + zk.getNamespace()
                + path
                + ", which is missing",
            missing);
      } catch (Exception ex) {
        throw ZooKeeperFailures.of("cannot read the state from ZooKeeper", ex);
      }
    }
    return parts;
  }

  private int headerVersion() {
    try {
      Stat s = zk.checkExists().forPath(STATE);
      return s == null ? -1 : s.getVersion();
    } catch (Exception e) {
      throw ZooKeeperFailures.of("cannot read the state from ZooKeeper", e);
    }
  }

  private StateEnvelope parse(byte[] header) {
    if (header == null || header.length == 0) {
      throw new UnreadableStateException(where(), "it is empty", null);
    }
    try {
      return StateEnvelope.parse(header);
    } catch (IllegalArgumentException e) {
      throw new UnreadableStateException(where(), e.getMessage(), e);
    }
  }

  private MaintdState decode(StateEnvelope e, List<byte[]> parts) {
    try {
      return codec.read(e.unpack(parts));
    } catch (IllegalArgumentException ex) {
      throw new UnreadableStateException(
          where(),
          "serial " + e.serial() + ", written by " + e.writer() + ": " + ex.getMessage(),
          ex);
    }
  }

  /**
   * Where the chunks of one write live: by epoch and serial, so that a fenced old leader writing
   * the same serial never touches the new leader's chunks.
   */
  static String generation(StateEnvelope e) {
    return CHUNKS + "/" + e.epoch() + "-" + e.serial();
  }

  static String chunk(StateEnvelope e, int i) {
    return generation(e) + "/" + String.format("%04d", i);
  }
}
