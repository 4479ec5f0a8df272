package org.maintd.cli;

import java.io.PrintWriter;
import org.maintd.cli.client.ApiException;
import org.maintd.cli.wait.WaitTimedOut;
import org.maintd.cli.wait.WorkFailed;
import picocli.CommandLine;

/**
 * What a run that failed prints and exits with: one line after {@code maintctl: }, and the exit
 * code of {@link Maintctl}'s contract. A failure maintctl did not foresee (a bug) is one line too,
 * its stack trace only with {@code MAINTCTL_DEBUG} set. Stateless.
 */
final class Failures {
  private Failures() {}

  /** picocli's execution exception handler. */
  static int handle(Exception e, CommandLine command, CommandLine.ParseResult parsed) {
    PrintWriter err = command.getErr();
    if (e instanceof ApiException a) {
      err.println("maintctl: " + a.getMessage());
      return 1;
    }
    if (e instanceof WorkFailed f) {
      err.println("maintctl: " + f.getMessage());
      return 1;
    }
    if (e instanceof WaitTimedOut t) {
      err.println("maintctl: " + t.getMessage());
      return WaitTimedOut.EXIT_CODE;
    }
    err.println(
        "maintctl: unexpected error: "
            + e
            + " (a bug in maintctl; set MAINTCTL_DEBUG=1 for where it happened)");
    if (System.getenv("MAINTCTL_DEBUG") != null) {
      e.printStackTrace(err);
    }
    return 1;
  }
}
