package org.maintd.collector.app;

import java.util.List;
import org.maintd.config.ConfigException;

/**
 * How the collector's command line serves what it started: a configuration error is exit code 2,
 * any other failure to start 1, and once started it serves until the process is stopped, closing
 * each thing it started on the way out. Exit codes as {@link CollectorMain}'s. Stateless.
 */
final class Serving {
  private Serving() {}

  /** Something started that a stop closes, and how a failure to close names it. */
  record Started(String name, AutoCloseable it) {}

  /** Starts what is to be served; a {@link ConfigException} says which key was wrong. */
  @FunctionalInterface
  interface Start {
    List<Started> start() throws Exception;
  }

  /**
   * Starts {@code what} ({@code start}) and serves it until the process is stopped: 0, or the exit
   * code of a failure to start, after one line on standard error.
   */
  static int run(String what, Start start) {
    List<Started> started;
    try {
      started = start.start();
    } catch (ConfigException e) {
      System.err.println("maintd-collector: " + e.getMessage());
      return 2;
    } catch (Exception e) {
      System.err.println("maintd-collector: cannot start" + what + ": " + e);
      return 1;
    }
    Runtime.getRuntime().addShutdownHook(new Thread(() -> started.forEach(Serving::stop)));
    waitForStop();
    return 0;
  }

  private static void waitForStop() {
    try {
      Thread.currentThread().join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void stop(Started s) {
    try {
      s.it().close();
    } catch (Exception e) {
      System.err.println("maintd-collector: stopping " + s.name() + ": " + e);
    }
  }
}
