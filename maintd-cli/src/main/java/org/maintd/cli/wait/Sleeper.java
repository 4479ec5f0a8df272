package org.maintd.cli.wait;

import java.time.Duration;

/** Lets time pass between two looks: the thread's sleep, or a test's clock moved on. */
@FunctionalInterface
public interface Sleeper {
  void sleep(Duration duration) throws InterruptedException;

  /** The calling thread sleeps. */
  static Sleeper thread() {
    return d -> Thread.sleep(d.toMillis());
  }
}
