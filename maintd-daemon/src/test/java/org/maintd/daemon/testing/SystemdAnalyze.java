package org.maintd.daemon.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * One run of {@code systemd-analyze} (Debian's {@code systemd} package): its exit code and what it
 * printed, standard output and error together. It needs no running systemd. A test skips when it is
 * not installed, but fails instead where it must be, as in CI (the environment variable {@code
 * MAINTD_SYSTEMD_REQUIRED=true}, or {@code -Dmaintd.systemd.required=true}). Immutable.
 */
public record SystemdAnalyze(int code, String out) {
  /** Where Debian's package installs it. */
  public static final Path BINARY = Path.of("/usr/bin/systemd-analyze");

  /** Skips, or fails where systemd's tools are required, unless the binary can be run. */
  public static void require() {
    String why = BINARY + " is not installed (Debian package systemd; .ci/run installs it)";
    if (Boolean.getBoolean("maintd.systemd.required")
        || "true".equals(System.getenv("MAINTD_SYSTEMD_REQUIRED"))) {
      assertTrue(Files.isExecutable(BINARY), why);
    }
    Assumptions.assumeTrue(Files.isExecutable(BINARY), why);
  }

  /** Runs {@code systemd-analyze args...} and waits for its end (a minute at most). */
  public static SystemdAnalyze run(String... args) throws IOException, InterruptedException {
    require();
    List<String> command = new ArrayList<>(List.of(BINARY.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException(
          "systemd-analyze " + args[0] + " did not end within 60 s: " + out);
    }
    return new SystemdAnalyze(p.exitValue(), out);
  }
}
