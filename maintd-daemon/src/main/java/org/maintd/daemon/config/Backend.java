package org.maintd.daemon.config;

/**
 * The cluster backend the daemon is plugged into, as {@code backend} names it: the simulated
 * cluster or Ganeti's RAPI.
 */
public enum Backend implements Choice {
  SIM("sim"),
  GANETI("ganeti");

  private final String key;

  Backend(String key) {
    this.key = key;
  }

  /** Its value in {@code maintd.yaml}. */
  @Override
  public String key() {
    return key;
  }

  @Override
  public String toString() {
    return key;
  }
}
