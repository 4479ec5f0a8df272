package org.maintd.protocol.signing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a key file that cannot be read is said to lack: the reason in words, not its path again. */
class KeyFilesTest {
  @TempDir Path dir;

  @Test
  void aKeyFileThatIsNotThereIsSaidToBeMissing() {
    Path missing = dir.resolve("hmac.key");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> KeyFiles.read(missing, ""));
    assertEquals("cannot read " + missing + ": no such file", e.getMessage());
  }

  @Test
  void aDirectoryInPlaceOfTheKeyIsNamedAsOne() throws IOException {
    Path directory =
        Files.createDirectory(
            dir.resolve("hmac.key"),
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> KeyFiles.read(directory, ""));
    assertEquals("cannot read " + directory + ": Is a directory", e.getMessage());
  }

  @Test
  void aDeniedReadNamesTheUserAndWhatWouldLetItRead() {
    String user = System.getProperty("user.name");
    assertEquals(
        "permission denied to user "
            + user
            + ", who needs to own it or to be in its group"
            + " gnt-masterd",
        KeyFiles.why(new AccessDeniedException("/var/lib/ganeti/hmac.key"), "gnt-masterd"));
    assertEquals(
        "permission denied to user " + user + ", who needs to own it",
        KeyFiles.why(new AccessDeniedException("/var/lib/maintd/hmac.key"), ""));
    assertEquals(
        "Input/output error",
        KeyFiles.why(new FileSystemException("/k", null, "Input/output error"), ""));
  }
}
