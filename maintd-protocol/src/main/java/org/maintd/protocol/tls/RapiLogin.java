package org.maintd.protocol.tls;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Base64;
import java.util.Set;
import org.maintd.protocol.signing.KeyFiles;

/**
 * A RAPI user and password, from a file holding {@code user password} on its first line (the
 * daemon's {@code ganeti.credentials}, maintctl's {@code --rapi-credentials}). The file must be
 * readable by its owner only (mode 0600 or 0400): a password anyone on the master can read is
 * refused. The one reader of that file for the daemon and maintctl; each turns its {@link
 * IllegalArgumentException} into its own error. Immutable.
 */
public record RapiLogin(String user, String password) {
  /** The login in {@code file}; an {@link IllegalArgumentException} saying what is wrong. */
  public static RapiLogin read(Path file) {
    try {
      Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
      if (perms.stream().anyMatch(KeyFiles.BEYOND_OWNER::contains)) {
        throw new IllegalArgumentException(
            "RAPI credentials "
                + file
                + " are readable by others than their owner ("
                + PosixFilePermissions.toString(perms)
                + "); chmod 600 it");
      }
      String first =
          Files.readString(file, StandardCharsets.UTF_8).lines().findFirst().orElse("").strip();
      String[] parts = first.split("\\s+");
      if (parts.length != 2) {
        throw new IllegalArgumentException(
            "RAPI credentials " + file + " must hold 'user password' on their first line");
      }
      return new RapiLogin(parts[0], parts[1]);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot read the RAPI credentials " + file + ": " + e.getMessage(), e);
    }
  }

  /** The value of the Authorization header. */
  public String header() {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return "RapiLogin[user=" + user + ", password=***]";
  }
}
