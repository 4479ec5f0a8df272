package org.maintd.protocol.signing;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * Reads the cluster's HMAC key from its file, refusing a file that anyone but its owner may read or
 * write (mode 0600 or 0400): a key others can read signs for them too. One exception, named in the
 * configuration: {@code group} may read it (Ganeti keeps {@code /var/lib/ganeti/hmac.key} at mode
 * 0440 for its {@code gnt-masterd} group). Nobody else ever may. Stateless.
 */
public final class KeyFiles {
  private static final Set<PosixFilePermission> GROUP_READ =
      EnumSet.of(PosixFilePermission.GROUP_READ);

  /** The permissions that open a file to others than its owner: its group's and everyone's. */
  public static final Set<PosixFilePermission> BEYOND_OWNER =
      Collections.unmodifiableSet(
          EnumSet.of(
              PosixFilePermission.GROUP_READ,
              PosixFilePermission.GROUP_WRITE,
              PosixFilePermission.GROUP_EXECUTE,
              PosixFilePermission.OTHERS_READ,
              PosixFilePermission.OTHERS_WRITE,
              PosixFilePermission.OTHERS_EXECUTE));

  private KeyFiles() {}

  /**
   * The key in {@code file}, which only its owner, and {@code group} (empty: no group) for reading,
   * may access; {@link IllegalArgumentException} saying what is wrong with the file otherwise.
   */
  public static HmacKey read(Path file, String group) {
    return HmacKey.fromFileContent(secret(file, group, "hmacKeyGroup"));
  }

  /**
   * The bytes of a secret {@code file} (a key, credentials), which only its owner, and {@code
   * group} (empty: no group; named by the setting {@code groupSetting}, null when no setting names
   * one) for reading, may access; {@link IllegalArgumentException} saying what is wrong with the
   * file otherwise.
   */
  public static byte[] secret(Path file, String group, String groupSetting) {
    try {
      PosixFileAttributes attributes =
          Files.readAttributes(file, PosixFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
      Set<PosixFilePermission> open = EnumSet.noneOf(PosixFilePermission.class);
      open.addAll(attributes.permissions());
      open.retainAll(BEYOND_OWNER);
      boolean groupMayRead = !group.isEmpty() && attributes.group().getName().equals(group);
      if (groupMayRead) {
        open.removeAll(GROUP_READ);
      }
      if (!open.isEmpty()) {
        throw new IllegalArgumentException(
            file
                + " may be read or written by others than its owner"
                + (groupMayRead ? " and group " + group + " (reading)" : "")
                + " (mode "
                + PosixFilePermissions.toString(attributes.permissions())
                + ", group "
                + attributes.group().getName()
                + "): chmod 600 "
                + file
                + (group.isEmpty() && groupSetting != null
                    ? ", or name the group that may read it in " + groupSetting
                    : ""));
      }
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + file + ": " + why(e, group), e);
    }
  }

  /** What kept a file from being read, in words ("no such file", not the path again). */
  static String why(IOException e, String group) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied to user "
          + System.getProperty("user.name")
          + ", who needs to own it"
          + (group.isEmpty() ? "" : " or to be in its group " + group);
    }
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    return e.getMessage();
  }
}
