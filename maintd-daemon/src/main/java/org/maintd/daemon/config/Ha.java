package org.maintd.daemon.config;

/**
 * High availability: who leads and where the state lives ({@link WhoLeads}), and the URL the others
 * name as this daemon's when it leads ({@code null}: {@code http://<node>:<port>}). Immutable.
 */
public record Ha(WhoLeads leadership, String advertiseUrl) {
  /** {@code leadership: master}, the state in a file. */
  public static Ha defaults() {
    return new Ha(new WhoLeads.Master(new Store.InFile()), null);
  }

  /** {@code leadership: zookeeper}, the state in the same ZooKeeper. */
  public static Ha elected(ZooKeeper zookeeper) {
    return new Ha(new WhoLeads.Elected(zookeeper), null);
  }
}
