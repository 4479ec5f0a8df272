package org.maintd.cli.wait;

import java.time.Duration;

/**
 * maintctl stopped waiting after its timeout while the work goes on: it exits with {@value
 * #EXIT_CODE}, a failure as maintctl's exit codes know them (0 ok, 1 failure, 2 usage), saying that
 * the work goes on and where it stood.
 */
public final class WaitTimedOut extends RuntimeException {
  /** maintctl's exit code for a wait that timed out. */
  public static final int EXIT_CODE = 1;

  public WaitTimedOut(Duration waited, String last) {
    super(
        "gave up waiting after "
            + Durations.text(waited)
            + " (--timeout); the work goes on, it was at: "
            + last);
  }
}
