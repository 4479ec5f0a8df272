package org.maintd.daemon.config;

/**
 * Which way a node command goes, as {@code nodeCommands.reboot} and {@code
 * nodeCommands.masterFailover} name it: through the node's {@code collector} (a whitelisted command
 * it runs), through the {@code backend} (Ganeti's power-cycle, the simulated cluster's own), or
 * {@code auto}: the collectors with Ganeti, the backend with the simulated cluster. Immutable.
 */
public enum CommandRoute implements Choice {
  AUTO("auto"),
  COLLECTOR("collector"),
  BACKEND("backend");

  private final String key;

  CommandRoute(String key) {
    this.key = key;
  }

  @Override
  public String key() {
    return key;
  }

  /** Whether the command goes through the collectors with {@code backend} plugged in. */
  public boolean byCollector(Backend backend) {
    return switch (this) {
      case COLLECTOR -> true;
      case BACKEND -> false;
      case AUTO -> backend == Backend.GANETI;
    };
  }
}
