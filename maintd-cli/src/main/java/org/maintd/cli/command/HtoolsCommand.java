package org.maintd.cli.command;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.maintd.cluster.Cluster;
import org.maintd.htools.HtoolsFormatException;
import org.maintd.htools.HtoolsReader;

/**
 * A command that answers as Ganeti's htools (hroller, hbal) do: a failure is an {@code Error: ...}
 * line and exit code 1, and so is an htools text file that cannot be read.
 */
abstract class HtoolsCommand implements Callable<Integer> {
  @Override
  public final Integer call() {
    try {
      return run();
    } catch (Failure e) {
      System.err.println("Error: " + e.getMessage());
      return 1;
    }
  }

  /** The command's work; returns its exit code. */
  abstract int run() throws Failure;

  /** The cluster in an htools text file. */
  static Cluster read(Path file) throws Failure {
    try {
      return new HtoolsReader().read(Files.readString(file), file.getFileName().toString());
    } catch (IOException e) {
      throw new Failure("cannot read " + file + ": " + e.getMessage());
    } catch (HtoolsFormatException e) {
      throw new Failure("failed to load data, aborting: " + file + ": " + e.getMessage());
    }
  }

  /** What ends the command: its message follows {@code Error: }. */
  static final class Failure extends Exception {
    Failure(String message) {
      super(message);
    }
  }
}
