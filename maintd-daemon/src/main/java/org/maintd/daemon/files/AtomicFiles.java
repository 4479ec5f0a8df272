package org.maintd.daemon.files;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Optional;

/**
 * Crash-safe file replacement: write a temporary file, fsync it, rename it, fsync the directory;
 * and the reading of such a file, which may not be there yet. A replacement that fails (a full or
 * read-only disk, an fsync or a rename refused) leaves the file as it was and removes its temporary
 * file, and says why in words that stay the same from one try to the next. Stateless.
 */
public final class AtomicFiles {
  private static final byte[] PROBE =
      "maintd checks that this disk takes writes\n".getBytes(StandardCharsets.UTF_8);

  private AtomicFiles() {}

  /**
   * The text of {@code file} (UTF-8); empty when there is none. Throws {@link
   * IllegalStateException} naming the file and {@code what} it holds when it cannot be read.
   */
  public static Optional<String> readIfThere(Path file, String what) {
    try {
      return Optional.of(Files.readString(file, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot read the " + what + " in " + file + ": " + e.getMessage(), e);
    }
  }

  /**
   * Replaces {@code target} with {@code content}. Throws a {@link FileSystemException} naming
   * {@code target} whose {@link FileSystemException#getReason reason} is the operating system's
   * (e.g. {@code No space left on device}) and the step that failed; until the rename, {@code
   * target} keeps what it held.
   */
  public static void write(Path target, byte[] content) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    Path tmp;
    try {
      Files.createDirectories(dir);
      tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
    } catch (IOException e) {
      throw failed(target, "creating a temporary file beside it", e);
    }
    try {
      writeSynced(target, tmp, content);
      try {
        Files.move(
            tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (IOException e) {
        throw failed(target, "renaming the temporary file over it", e);
      }
    } catch (IOException e) {
      removeAfter(tmp, e);
      throw e;
    }
    try (FileChannel d = FileChannel.open(dir, StandardOpenOption.READ)) {
      d.force(true);
    } catch (IOException e) {
      throw failed(target, "syncing its directory after the rename", e);
    }
  }

  /**
   * Checks that the disk under {@code target} takes a write now: a small file beside it is written,
   * synced and removed; {@code target} is not touched. Throws as {@link #write} does.
   */
  public static void probe(Path target) throws IOException {
    Path dir = target.toAbsolutePath().getParent();
    Path tmp;
    try {
      tmp = Files.createTempFile(dir, "." + target.getFileName(), ".tmp");
    } catch (IOException e) {
      throw failed(target, "creating a file beside it", e);
    }
    try {
      writeSynced(target, tmp, PROBE);
    } finally {
      Files.deleteIfExists(tmp);
    }
  }

  private static void writeSynced(Path target, Path tmp, byte[] content) throws IOException {
    String step = "writing the temporary file";
    try (FileChannel ch =
        FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
      ByteBuffer buf = ByteBuffer.wrap(content);
      while (buf.hasRemaining()) {
        ch.write(buf);
      }
      step = "syncing the temporary file";
      ch.force(true);
    } catch (IOException e) {
      throw failed(target, step, e);
    }
  }

  /**
   * Removes {@code tmp}, which a failed replacement leaves; a failure to is told with {@code e}.
   */
  private static void removeAfter(Path tmp, IOException e) {
    try {
      Files.deleteIfExists(tmp);
    } catch (IOException notRemoved) {
      e.addSuppressed(notRemoved);
    }
  }

  private static FileSystemException failed(Path target, String step, IOException e) {
    FileSystemException f =
        new FileSystemException(target.toString(), null, reason(e) + " (" + step + ")");
    f.initCause(e);
    return f;
  }

  /**
   * Why {@code e} happened, in the operating system's words ({@code No space left on device},
   * {@code Read-only file system}), without the names of temporary files.
   */
  public static String reason(IOException e) {
    if (e instanceof FileSystemException f && f.getReason() != null) {
      return f.getReason();
    }
    if (e instanceof NoSuchFileException) {
      return "No such file or directory";
    }
    if (e instanceof AccessDeniedException) {
      return "Permission denied";
    }
    if (e instanceof DirectoryNotEmptyException) {
      return "Directory not empty";
    }
    return String.valueOf(e.getMessage());
  }
}
