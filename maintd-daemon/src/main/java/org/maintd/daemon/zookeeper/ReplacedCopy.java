package org.maintd.daemon.zookeeper;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.maintd.daemon.files.AtomicFiles;
import org.maintd.daemon.store.Replaced;
import org.maintd.spi.StoreException;

/**
 * Keeps what an import is about to write over in ZooKeeper, in a directory: a state maintd reads as
 * the state file it holds ({@code replaced-state-<ms>.json}, which {@code --import-state} takes
 * back), else its bytes as stored ({@code replaced-state-<ms>.bin}: the header, then each chunk it
 * names that is there, in order). Stateless.
 */
final class ReplacedCopy {
  private ReplacedCopy() {}

  /** Keeps {@code stored} in {@code dir}; a {@link StoreException} when it cannot. */
  static Replaced keep(Optional<StoredState> stored, Path dir, Instant now) {
    if (stored.isEmpty()) {
      return new Replaced.Nothing();
    }
    String name = "replaced-state-" + now.toEpochMilli();
    if (stored.get().content() instanceof StoredState.Decoded d) {
      Path copy = dir.resolve(name + ".json");
      write(copy, d.text().getBytes(StandardCharsets.UTF_8));
      return new Replaced.Readable(d.serial(), copy);
    }
    if (stored.get().content() instanceof StoredState.Undecodable u) {
      Path copy = dir.resolve(name + ".bin");
      write(copy, bytes(u));
      return new Replaced.Unreadable(copy, layout(u));
    }
    throw new IllegalStateException("a stored state neither decoded nor not: " + stored.get());
  }

  private static byte[] bytes(StoredState.Undecodable u) {
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    all.writeBytes(u.header());
    u.chunks().forEach(all::writeBytes);
    return all.toByteArray();
  }

  /** What the bytes of {@code u} are, for the operator who takes them apart. */
  private static String layout(StoredState.Undecodable u) {
    if (u.named() == 0) {
      return "the " + u.header().length + " bytes of /state: " + u.reason();
    }
    return "the header of /state, "
        + u.header().length
        + " bytes, then the "
        + u.chunks().size()
        + " of its "
        + u.named()
        + " chunks that are there, "
        + u.chunks().stream().mapToInt(c -> c.length).sum()
        + " bytes of gzip: "
        + u.reason();
  }

  private static void write(Path copy, byte[] bytes) {
    try {
      AtomicFiles.write(copy, bytes);
    } catch (IOException e) {
      throw new StoreException(
          "cannot keep the state it would replace in " + copy + ": " + e + ": nothing was imported",
          e);
    }
  }
}
