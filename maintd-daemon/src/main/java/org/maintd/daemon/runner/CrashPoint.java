package org.maintd.daemon.runner;

import java.io.IOException;

/**
 * Points where a test can have the daemon killed with SIGKILL (no shutdown hook, no flush),
 * selected with the system property {@code maintd.crashAt}. Unset in production.
 */
public final class CrashPoint implements Boundaries {
  static final String PROPERTY = "maintd.crashAt";

  @Override
  public void reached(String name) {
    if (!name.equals(System.getProperty(PROPERTY))) {
      return;
    }
    System.err.println("maintd: SIGKILL at crash point " + name);
    try {
      new ProcessBuilder("kill", "-KILL", Long.toString(ProcessHandle.current().pid()))
          .inheritIO()
          .start()
          .waitFor();
      Thread.sleep(10_000);
    } catch (IOException e) {
      System.err.println("maintd: cannot send SIGKILL: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    Runtime.getRuntime().halt(137);
  }
}
