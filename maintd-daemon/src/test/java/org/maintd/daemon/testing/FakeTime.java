package org.maintd.daemon.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * A wall clock a test steps under a running process, with Debian's libfaketime: the process is
 * started with {@link #environment} (the library preloaded, reading its offset from a file at most
 * a second old, the monotonic clock left alone), and {@link #set} rewrites the offset: {@code
 * "+3600s"} steps its wall clock an hour ahead at once, {@code "+3000s"} then ten minutes back,
 * {@code "+0s"} puts it right. A test that needs it is skipped without libfaketime, unless {@code
 * MAINTD_FAULTS_REQUIRED=true} (as in CI), where it fails instead. Thread-safe.
 */
public final class FakeTime {
  private static final Path LIBRARY =
      Path.of("/usr/lib/x86_64-linux-gnu/faketime/libfaketimeMT.so.1");

  private final Path offsetFile;

  private FakeTime(Path offsetFile) {
    this.offsetFile = offsetFile;
  }

  /**
   * A clock offset kept in {@code offsetFile}, at {@code "+0s"}; the test skipped (failed with
   * {@code MAINTD_FAULTS_REQUIRED=true}) without libfaketime.
   */
  public static FakeTime required(Path offsetFile) throws IOException {
    if (!Files.isReadable(LIBRARY)) {
      String why = "libfaketime is missing (" + LIBRARY + ", Debian's package faketime)";
      if ("true".equals(System.getenv("MAINTD_FAULTS_REQUIRED"))) {
        throw new IllegalStateException("a clock cannot be stepped here: " + why);
      }
      Assumptions.abort("a clock cannot be stepped here: " + why);
    }
    FakeTime time = new FakeTime(offsetFile);
    time.set("+0s");
    return time;
  }

  /**
   * What a process is started with to run on this clock: libfaketime preloaded, its offset read
   * from the file at every call ({@code FAKETIME_NO_CACHE}), {@code System.nanoTime} left as it is
   * ({@code FAKETIME_DONT_FAKE_MONOTONIC}: only the wall clock moves, as when it is stepped), and
   * its timed waits kept as they are ({@code FAKETIME_FORCE_MONOTONIC_FIX=0}: with the fix, the
   * JVM's timed waits return at once and every idle thread spins, a whole core per process).
   */
  public Map<String, String> environment() {
    return Map.of(
        "LD_PRELOAD",
        LIBRARY.toString(),
        "FAKETIME_TIMESTAMP_FILE",
        offsetFile.toString(),
        "FAKETIME_NO_CACHE",
        "1",
        "FAKETIME_DONT_FAKE_MONOTONIC",
        "1",
        "FAKETIME_FORCE_MONOTONIC_FIX",
        "0");
  }

  /**
   * Sets the offset from the true time ({@code "+3600s"}, {@code "-600s"}): the processes' wall
   * clocks move within a second. The file is replaced whole, never read half written.
   */
  public void set(String offset) throws IOException {
    Path next = offsetFile.resolveSibling(offsetFile.getFileName() + ".next");
    Files.writeString(next, offset + "\n");
    Files.move(next, offsetFile, StandardCopyOption.ATOMIC_MOVE);
  }
}
