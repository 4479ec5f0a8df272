package org.maintd.collector.repair;

import java.nio.file.Path;

/**
 * The results directory does not take a repair's claim now (a full or read-only disk, a directory
 * that cannot be made), or cannot be read ({@code how}): the command was not run, and the same
 * request may be asked again once it does. Names the directory and the operating system's reason.
 * Immutable.
 */
public final class ResultsUnwritable extends RuntimeException {
  public ResultsUnwritable(Path dir, String how, String reason, Throwable cause) {
    super(
        "the repair results in "
            + dir
            + " cannot be "
            + how
            + " ("
            + reason
            + "), so the command was not run: ask again once they can",
        cause);
  }
}
