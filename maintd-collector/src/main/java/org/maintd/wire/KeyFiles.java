package org.maintd.wire;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.EnumSet;
import java.util.Set;
import org.maintd.signing.HmacKey;

/**
 * Reads the cluster's HMAC key from its file, refusing a file that anyone but its owner may read
 * or write (mode 0600 or 0400, as Ganeti keeps {@code hmac.key}): a key others can read signs for
 * them too. Stateless.
 */
public final class KeyFiles {
  private static final Set<PosixFilePermission> OTHERS = EnumSet.of(PosixFilePermission.GROUP_READ,
      PosixFilePermission.GROUP_WRITE, PosixFilePermission.GROUP_EXECUTE, PosixFilePermission.OTHERS_READ,
      PosixFilePermission.OTHERS_WRITE, PosixFilePermission.OTHERS_EXECUTE);

  private KeyFiles() {}

  /** The key in {@code file}; {@link IllegalArgumentException} saying what is wrong with the file otherwise. */
  public static HmacKey read(Path file) {
    try {
      Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
      Set<PosixFilePermission> open = EnumSet.noneOf(PosixFilePermission.class);
      open.addAll(perms);
      open.retainAll(OTHERS);
      if (!open.isEmpty()) {
        throw new IllegalArgumentException(file + " may be read or written by others than its owner (mode "
            + java.nio.file.attribute.PosixFilePermissions.toString(perms) + "): chmod 600 " + file);
      }
      return HmacKey.fromFileContent(Files.readAllBytes(file));
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
