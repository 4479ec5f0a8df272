package org.maintd.exec;

import com.sun.security.auth.module.UnixSystem;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A directory of commands that may be run. A command is run only if its name is a plain name, it is
 * a regular file directly in the directory (not a symlink), the directory and the file are owned by
 * root or by this process's user, neither is writable by group or others, and the file is
 * executable. Each refusal names the rule it broke. Thread-safe.
 */
public final class Whitelist {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]+");
  private static final LinkOption NOFOLLOW = LinkOption.NOFOLLOW_LINKS;

  private final Path directory;
  private final long ownUid;

  public Whitelist(Path directory) {
    this(directory, new UnixSystem().getUid());
  }

  Whitelist(Path directory, long ownUid) {
    this.directory = directory;
    this.ownUid = ownUid;
  }

  public Path directory() {
    return directory;
  }

  /** The path of command {@code name}, after checking every rule. */
  public Path resolve(String name) {
    if (!NAME.matcher(name).matches()) {
      throw new WhitelistException(
          "command '" + name + "' refused: a name must match [A-Za-z0-9_-]+ (no path, no dots)");
    }
    checkSafe(directory, "directory " + directory, true);
    Path file = directory.resolve(name);
    if (!Files.exists(file, NOFOLLOW)) {
      throw new WhitelistException("command '" + name + "' refused: no such file in " + directory);
    }
    if (Files.isSymbolicLink(file)) {
      throw new WhitelistException("command '" + name + "' refused: " + file + " is a symlink");
    }
    if (!Files.isRegularFile(file, NOFOLLOW)) {
      throw new WhitelistException(
          "command '" + name + "' refused: " + file + " is not a regular file");
    }
    checkSafe(file, "command '" + name + "' refused: " + file, false);
    return file;
  }

  private void checkSafe(Path path, String what, boolean isDirectory) {
    try {
      if (isDirectory && (!Files.isDirectory(path, NOFOLLOW))) {
        throw new WhitelistException(what + " is missing, a symlink or not a directory");
      }
      long uid = ((Number) Files.getAttribute(path, "unix:uid", NOFOLLOW)).longValue();
      if (uid != 0 && uid != ownUid) {
        throw new WhitelistException(
            what + " is owned by uid " + uid + ", not by root or uid " + ownUid);
      }
      Set<PosixFilePermission> perms = Files.getPosixFilePermissions(path, NOFOLLOW);
      if (perms.contains(PosixFilePermission.GROUP_WRITE)
          || perms.contains(PosixFilePermission.OTHERS_WRITE)) {
        throw new WhitelistException(
            what + " is writable by group or others (mode must be within 0755)");
      }
      if (!isDirectory && !perms.contains(PosixFilePermission.OWNER_EXECUTE)) {
        throw new WhitelistException(what + " is not executable");
      }
    } catch (IOException e) {
      throw new WhitelistException(what + " cannot be inspected: " + e.getMessage());
    }
  }
}
