package org.maintd.daemon.install;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * scripts/install and scripts/uninstall of this checkout, run as processes, and what a test reads
 * of the root they installed into. They set owners and modes, so they run as root only: elsewhere
 * the tests skip, or fail where the installation tests are required ({@code
 * MAINTD_INSTALL_REQUIRED=true}, as CI runs them). Stateless.
 */
public final class Installer {
  /** The top of the checkout (the tests run in maintd-daemon). */
  public static final Path TOP = Path.of("..").toAbsolutePath().normalize();

  private Installer() {}

  /** What a script printed and how it exited. */
  public record Run(int exit, String out) {
    /** The lines it printed. */
    public List<String> lines() {
      return out.lines().toList();
    }
  }

  /** Skips, or fails where the installation tests are required, unless this runs as root. */
  public static void requireRoot() throws IOException {
    boolean root = ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid")) == 0;
    String why = "scripts/install sets owners and modes: it needs root (CI runs the tests as root)";
    if ("true".equals(System.getenv("MAINTD_INSTALL_REQUIRED"))) {
      assertTrue(root, why);
    }
    Assumptions.assumeTrue(root, why);
  }

  /** Runs scripts/SCRIPT with {@code args} (stderr with stdout); at most five minutes. */
  public static Run run(String script, String... args) throws Exception {
    List<String> command =
        new ArrayList<>(List.of("bash", TOP.resolve("scripts/" + script).toString()));
    command.addAll(List.of(args));
    return run(command);
  }

  /** Runs {@code command} in the checkout (stderr with stdout); at most five minutes. */
  public static Run run(List<String> command) throws Exception {
    Process p =
        new ProcessBuilder(command).directory(TOP.toFile()).redirectErrorStream(true).start();
    p.getOutputStream().close();
    byte[] out = p.getInputStream().readAllBytes();
    assertTrue(p.waitFor(5, TimeUnit.MINUTES), command + " did not end");
    return new Run(p.exitValue(), new String(out, StandardCharsets.UTF_8));
  }

  /** Runs scripts/SCRIPT, which must succeed; what it printed. */
  public static Run ok(String script, String... args) throws Exception {
    Run r = run(script, args);
    assertEquals(0, r.exit(), "scripts/" + script + " " + String.join(" ", args) + ":\n" + r.out());
    return r;
  }

  /** The line of {@code name} in the user or group file {@code file} (etc/passwd, etc/group). */
  public static Optional<String[]> entry(Path file, String name) throws IOException {
    return Files.readAllLines(file).stream()
        .map(l -> l.split(":", -1))
        .filter(f -> f[0].equals(name))
        .findFirst();
  }
}
