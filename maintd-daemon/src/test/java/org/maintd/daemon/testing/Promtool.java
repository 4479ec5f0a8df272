package org.maintd.daemon.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One run of Prometheus' {@code promtool} (Debian's {@code prometheus} package): its exit code and
 * what it printed. A test skips when it is not installed, or fails where Prometheus is required, as
 * {@link PrometheusServer#require} says. Immutable.
 */
public record Promtool(int code, String out) {
  /** Where Debian's package installs it. */
  public static final Path BINARY = Path.of("/usr/bin/promtool");

  /** Runs {@code promtool args...} in {@code dir}, and waits for its end (a minute at most). */
  public static Promtool run(Path dir, String... args) throws IOException, InterruptedException {
    PrometheusServer.require(BINARY);
    List<String> command = new ArrayList<>(List.of(BINARY.toString()));
    command.addAll(List.of(args));
    Process p =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new IllegalStateException("promtool " + args[0] + " did not end within 60 s: " + out);
    }
    return new Promtool(p.exitValue(), out);
  }
}
