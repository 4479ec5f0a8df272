package org.maintd.daemon.round;

/**
 * Points where a test can make the daemon die as abruptly as {@code kill -9} (no shutdown hooks,
 * no flush), selected with the system property {@code maintd.crashAt}. Unset in production.
 */
final class CrashPoint {
  static final String PROPERTY = "maintd.crashAt";

  private CrashPoint() {}

  static void reached(String name) {
    if (name.equals(System.getProperty(PROPERTY))) {
      System.err.println("maintd: halting at crash point " + name);
      Runtime.getRuntime().halt(137);
    }
  }
}
