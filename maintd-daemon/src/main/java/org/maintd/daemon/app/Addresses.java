package org.maintd.daemon.app;

import org.maintd.daemon.config.DaemonConfig;

/** Where the daemons are reached, as they name each other when one leads. */
record Addresses(DaemonConfig config) {

  /**
   * This daemon's URL: {@code advertiseUrl}, else its bind address (its node's name when it listens
   * on every address) and {@code port}.
   */
  String self(int port) {
    if (config.ha().advertiseUrl() != null) {
      return config.ha().advertiseUrl();
    }
    String host =
        config.bind().equals("0.0.0.0") || config.bind().equals("::")
            ? config.node()
            : config.bind();
    return scheme() + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
  }

  /** The daemon on any node, {@code {node}} standing for the node's name: what a standby names. */
  String onEveryNode() {
    return scheme() + "{node}:" + config.port();
  }

  private String scheme() {
    return config.http().https() ? "https://" : "http://";
  }
}
