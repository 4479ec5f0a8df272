package org.maintd.daemon.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A small disk of its own for a test: a tmpfs of 512 KiB mounted on a directory, which the test
 * fills ({@link #fill}) or makes read-only ({@link #readOnly}) under a running daemon or collector,
 * and gives back ({@link #free}, {@link #writable}). The kernel's own answers follow: {@code No
 * space left on device}, {@code Read-only file system}. Needs root and the {@code mount}, {@code
 * umount} and {@code fallocate} commands: a test that needs it is skipped without them, unless
 * {@code MAINTD_FAULTS_REQUIRED=true} (as in CI), where it fails instead. {@link #close} unmounts
 * (call it from {@code @AfterEach}). A file kept open for writing on the disk keeps the kernel from
 * making it read-only ({@code mount point is busy}): keep such files elsewhere (a symbolic link on
 * the disk to them). Not thread-safe.
 */
public final class SmallDisk implements AutoCloseable {
  private static final String SIZE = "512k";
  private static final String FILLER = ".filler";

  private final Path dir;
  private boolean mounted;

  private SmallDisk(Path dir) {
    this.dir = dir;
  }

  /**
   * A small disk mounted on {@code dir} (made if missing), or the test skipped (failed with {@code
   * MAINTD_FAULTS_REQUIRED=true}) where disks cannot be mounted.
   */
  public static SmallDisk required(Path dir) throws Exception {
    String why = missing();
    if (!why.isEmpty()) {
      if ("true".equals(System.getenv("MAINTD_FAULTS_REQUIRED"))) {
        throw new IllegalStateException("a small disk cannot be mounted here: " + why);
      }
      Assumptions.abort("a small disk cannot be mounted here: " + why);
    }
    Files.createDirectories(dir);
    SmallDisk disk = new SmallDisk(dir);
    run("mount", "-t", "tmpfs", "-o", "size=" + SIZE + ",mode=0755", "tmpfs", dir.toString());
    disk.mounted = true;
    return disk;
  }

  private static String missing() {
    if (!"root".equals(System.getProperty("user.name"))) {
      return "not root";
    }
    for (String tool : List.of("mount", "umount", "fallocate")) {
      if (!Files.isExecutable(Path.of("/usr/bin", tool))
          && !Files.isExecutable(Path.of("/bin", tool))) {
        return tool + " is missing";
      }
    }
    return "";
  }

  /** Where it is mounted. */
  public Path dir() {
    return dir;
  }

  /**
   * Fills what is left of it with one file, so that the next write of any size fails with {@code No
   * space left on device}.
   */
  public void fill() throws Exception {
    Path filler = dir.resolve(FILLER);
    long free = Files.getFileStore(dir).getUsableSpace();
    if (free > 0) {
      run("fallocate", "-l", Long.toString(free), filler.toString());
    }
    // what fallocate could not take in one piece (blocks of metadata) is taken byte by byte
    try (var out = Files.newOutputStream(dir.resolve(FILLER + "-rest"))) {
      byte[] page = new byte[4096];
      while (true) {
        out.write(page);
        out.flush();
      }
    } catch (IOException full) {
      // No space left on device: full
    }
  }

  /** Gives back the space {@link #fill} took. */
  public void free() throws IOException {
    Files.deleteIfExists(dir.resolve(FILLER));
    Files.deleteIfExists(dir.resolve(FILLER + "-rest"));
  }

  /**
   * Makes it read-only, as the kernel does a disk with errors: every write then fails with {@code
   * Read-only file system}. Tried again for a while when a write in progress keeps it busy.
   */
  public void readOnly() throws Exception {
    remount("ro");
  }

  /** Makes it writable again. */
  public void writable() throws Exception {
    remount("rw");
  }

  private void remount(String how) throws Exception {
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (true) {
      try {
        run("mount", "-o", "remount," + how, dir.toString());
        return;
      } catch (IllegalStateException busy) {
        if (System.nanoTime() > until) {
          throw busy;
        }
        Thread.onSpinWait();
      }
    }
  }

  private static void run(String... command) throws Exception {
    Process p =
        new ProcessBuilder(new ArrayList<>(List.of(command))).redirectErrorStream(true).start();
    if (!p.waitFor(30, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException(String.join(" ", command) + " did not end in 30 s");
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (p.exitValue() != 0) {
      throw new IllegalStateException(
          String.join(" ", command) + " exited " + p.exitValue() + ": " + out.strip());
    }
  }

  /** Unmounts it (lazily, should a process still hold a file on it); what it held is gone. */
  @Override
  public void close() throws Exception {
    if (mounted) {
      mounted = false;
      run("umount", "-l", dir.toString());
    }
  }
}
