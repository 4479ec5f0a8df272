package org.maintd.exec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WhitelistTest {
  @TempDir Path tmp;

  Path dir;
  Whitelist whitelist;

  @BeforeEach
  void setUp() throws Exception {
    dir = Scripts.directory(tmp, "commands");
    whitelist = new Whitelist(dir);
  }

  @Test
  void acceptsAnExecutableFileOwnedByUsAndWritableOnlyByItsOwner() throws Exception {
    Path script = Scripts.script(dir, "check-disks", "echo '{}'");
    assertEquals(script, whitelist.resolve("check-disks"));
  }

  @Test
  void refusesNamesWithADotOrASlash() {
    assertRefused("check.sh", "a name must match [A-Za-z0-9_-]+ (no path, no dots)");
    assertRefused("../bin/sh", "a name must match [A-Za-z0-9_-]+");
    assertRefused("sub/cmd", "a name must match [A-Za-z0-9_-]+");
    assertRefused("", "a name must match");
  }

  @Test
  void refusesASymlink() throws Exception {
    Path target = Scripts.script(tmp, "real", "echo");
    Files.createSymbolicLink(dir.resolve("linked"), target);
    assertRefused("linked", "is a symlink");
  }

  @Test
  void refusesAGroupOrWorldWritableFile() throws Exception {
    Path s = Scripts.script(dir, "loose", "echo");
    Scripts.mode(s, "rwxrwxr-x");
    assertRefused("loose", "is writable by group or others");
    Scripts.mode(s, "rwxr-xrwx");
    assertRefused("loose", "is writable by group or others");
  }

  @Test
  void refusesAGroupOrWorldWritableDirectory() throws Exception {
    Scripts.script(dir, "fine", "echo");
    Scripts.mode(dir, "rwxrwxrwx");
    assertRefused("fine", "directory " + dir + " is writable by group or others");
  }

  @Test
  void refusesAFileOwnedBySomeoneElse() throws Exception {
    assumeTrue(Scripts.runningAsRoot(), "changing a file's owner needs root");
    Path s = Scripts.script(dir, "foreign", "echo");
    Files.setAttribute(s, "unix:uid", 65534);
    assertRefused("foreign", "is owned by uid 65534");
  }

  @Test
  void refusesAFileThatIsNotExecutable() throws Exception {
    Path s = Scripts.script(dir, "plain", "echo");
    Scripts.mode(s, "rw-r--r--");
    assertRefused("plain", "is not executable");
  }

  @Test
  void refusesAMissingCommandOrDirectory() throws Exception {
    assertRefused("absent", "no such file in " + dir);
    Whitelist missing = new Whitelist(tmp.resolve("nowhere"));
    WhitelistException e = assertThrows(WhitelistException.class, () -> missing.resolve("x"));
    assertTrue(e.getMessage().contains("is missing, a symlink or not a directory"), e.getMessage());
  }

  @Test
  void refusesASubdirectory() throws Exception {
    Scripts.directory(dir, "nested");
    assertRefused("nested", "is not a regular file");
  }

  private void assertRefused(String name, String expected) {
    WhitelistException e = assertThrows(WhitelistException.class, () -> whitelist.resolve(name));
    assertTrue(
        e.getMessage().contains(expected), "expected '" + expected + "' in: " + e.getMessage());
  }
}
