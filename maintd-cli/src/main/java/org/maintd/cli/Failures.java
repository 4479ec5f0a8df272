package org.maintd.cli;

import java.io.PrintWriter;
import org.maintd.cli.client.ApiException;
import org.maintd.cli.client.Wording;
import org.maintd.cli.wait.WaitTimedOut;
import org.maintd.cli.wait.WorkFailed;
import picocli.CommandLine;

/**
 * What a run that failed prints and exits with: one line after {@code maintctl: }, worded for the
 * command that failed, and the exit code of {@link Maintctl}'s contract. A failure maintctl did not
 * foresee (a bug) is one line too, its stack trace only with {@code MAINTCTL_DEBUG} set. Stateless.
 */
final class Failures {
  private Failures() {}

  /** picocli's execution exception handler. */
  static int handle(Exception e, CommandLine command, CommandLine.ParseResult parsed) {
    PrintWriter err = command.getErr();
    if (e instanceof ApiException a) {
      err.println("maintctl: " + a.wording(asked(command)));
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

  /**
   * The command as the wording needs it: the command line as typed (to repeat with an option more),
   * and whether the command has a --force that was left out.
   */
  static Wording.Asked asked(CommandLine command) {
    boolean forceLeftOut =
        command.getCommandSpec().findOption("--force") != null
            && !command.getParseResult().hasMatchedOption("--force");
    StringBuilder line = new StringBuilder("maintctl");
    for (String arg : command.getParseResult().originalArgs()) {
      line.append(' ').append(quoted(arg));
    }
    return new Wording.Asked(line.toString(), forceLeftOut);
  }

  /** {@code arg} as a shell takes it back: as it is when plain, else in single quotes. */
  static String quoted(String arg) {
    return arg.matches("[A-Za-z0-9_./:=@%+,-]+") ? arg : "'" + arg.replace("'", "'\\''") + "'";
  }
}
