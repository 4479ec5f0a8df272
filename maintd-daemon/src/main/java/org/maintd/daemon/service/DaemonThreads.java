package org.maintd.daemon.service;

import java.util.concurrent.ThreadFactory;

/** Threads of the daemon's own: named, so that a thread dump says whose they are, and daemons. */
public final class DaemonThreads {
  private DaemonThreads() {}

  /** A factory of daemon threads called {@code name}. */
  public static ThreadFactory named(String name) {
    return r -> {
      Thread t = new Thread(r, name);
      t.setDaemon(true);
      return t;
    };
  }
}
