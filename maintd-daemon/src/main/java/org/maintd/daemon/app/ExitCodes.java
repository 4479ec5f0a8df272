package org.maintd.daemon.app;

/** The daemon's exit codes, as Ganeti's daemons use them. */
public final class ExitCodes {
  /** Stopped normally. */
  public static final int OK = 0;

  /** Failed: lost the master vote, corrupt state, a failure at run time. */
  public static final int FAILURE = 1;

  /** Bad command line or configuration. */
  public static final int USAGE = 2;

  /** This node is not the master: nothing to do here (systemd units treat it as success). */
  public static final int NOT_MASTER = 11;

  private ExitCodes() {}
}
