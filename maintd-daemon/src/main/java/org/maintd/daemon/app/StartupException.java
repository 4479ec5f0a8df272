package org.maintd.daemon.app;

/** The daemon cannot start; carries the exit code to leave with. */
public class StartupException extends RuntimeException {
  private final int exitCode;

  public StartupException(int exitCode, String message) {
    super(message);
    this.exitCode = exitCode;
  }

  public int exitCode() {
    return exitCode;
  }
}
