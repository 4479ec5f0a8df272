package org.maintd.exec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** Real scripts on disk for tests: a whitelist directory with mode 0755 and executable files. */
public final class Scripts {
  private Scripts() {}

  public static Path directory(Path parent, String name) throws IOException {
    Path dir = Files.createDirectories(parent.resolve(name));
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    return dir;
  }

  public static Path script(Path dir, String name, String body) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    return file;
  }

  public static void mode(Path path, String perms) throws IOException {
    Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(perms));
  }

  public static boolean runningAsRoot() {
    return new com.sun.security.auth.module.UnixSystem().getUid() == 0;
  }
}
