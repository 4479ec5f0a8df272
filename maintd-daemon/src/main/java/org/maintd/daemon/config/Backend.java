package org.maintd.daemon.config;

import java.util.Arrays;
import java.util.List;

/**
 * The cluster backend the daemon is plugged into, as {@code backend} names it: the simulated
 * cluster or Ganeti's RAPI.
 */
public enum Backend {
  SIM("sim"),
  GANETI("ganeti");

  private final String key;

  Backend(String key) {
    this.key = key;
  }

  /** Its value in {@code maintd.yaml}. */
  public String key() {
    return key;
  }

  /** Every value {@code backend} takes, in the order the docs list them. */
  static List<String> keys() {
    return Arrays.stream(values()).map(Backend::key).toList();
  }

  /** The backend {@code key} names; one of {@link #keys}, checked by the loader. */
  static Backend of(String key) {
    return Arrays.stream(values())
        .filter(b -> b.key.equals(key))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no backend '" + key + "'"));
  }

  @Override
  public String toString() {
    return key;
  }
}
