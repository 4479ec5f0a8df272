package org.maintd.daemon.config;

/**
 * Whether reboot requests use a power path of the backend, as {@code reboot.hard} (a hard reboot)
 * and {@code reboot.powerControl} (powering nodes off and on) name it: the {@code backend}'s,
 * {@code none}, or {@code auto}: the backend's own with the simulated cluster, none with Ganeti
 * (its power-cycle resets a node, and RAPI has no power-on). Immutable.
 */
public enum PowerPath implements Choice {
  AUTO("auto"),
  BACKEND("backend"),
  NONE("none");

  private final String key;

  PowerPath(String key) {
    this.key = key;
  }

  @Override
  public String key() {
    return key;
  }

  /** Whether the path exists with {@code backend} plugged in. */
  public boolean on(Backend backend) {
    return switch (this) {
      case BACKEND -> true;
      case NONE -> false;
      case AUTO -> backend == Backend.SIM;
    };
  }
}
