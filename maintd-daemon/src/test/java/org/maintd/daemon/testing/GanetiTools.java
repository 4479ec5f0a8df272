package org.maintd.daemon.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * Ganeti's own tools (hbal, hinfo, hroller, harep), the oracles of some tests: a test skips when
 * one is not installed, but fails instead where they must be, as in CI (the environment variable
 * {@code MAINTD_HTOOLS_REQUIRED=true}, or {@code -Dmaintd.htools.required=true}), so that a missing
 * package cannot pass for a passing oracle.
 */
public final class GanetiTools {
  private GanetiTools() {}

  /** Skips, or fails where Ganeti's tools are required, unless {@code tool} can be run. */
  public static void require(Path tool) {
    String why =
        "Ganeti's "
            + tool.getFileName()
            + " is not installed at "
            + tool
            + " (Debian package ganeti-htools-3.0; .ci/run installs it)";
    if (required()) {
      assertTrue(Files.isExecutable(tool), why);
    }
    Assumptions.assumeTrue(Files.isExecutable(tool), why);
  }

  private static boolean required() {
    return Boolean.getBoolean("maintd.htools.required")
        || "true".equals(System.getenv("MAINTD_HTOOLS_REQUIRED"));
  }
}
