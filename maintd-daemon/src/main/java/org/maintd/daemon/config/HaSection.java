package org.maintd.daemon.config;

import java.net.URI;
import java.util.List;
import org.maintd.config.ConfigSection;

/**
 * The keys of high availability in {@code maintd.yaml}: {@code store}, {@code leadership}, {@code
 * advertiseUrl} and the {@code zookeeper} section ({@link ZooKeeperSection}), each bad value told
 * with its key, and the combinations that cannot work refused. Stateless.
 */
final class HaSection {
  private HaSection() {}

  static Ha ha(ConfigSection root) {
    String store = root.oneOf("store", "file", List.of("file", "zookeeper"));
    String leadership =
        root.oneOf("leadership", "master", List.of("master", "standby", "zookeeper"));
    URI advertise =
        root.string("advertiseUrl", "").isEmpty()
            ? null
            : Urls.read(root, "advertiseUrl", null, List.of("http", "https"));
    ZooKeeper zk = ZooKeeperSection.read(root.section("zookeeper"));
    if (leadership.equals("zookeeper") && !store.equals("zookeeper")) {
      root.problem(
          "leadership",
          "zookeeper needs store: zookeeper (standbys read the leader's state from it)");
    }
    if (store.equals("zookeeper") && zk.connect().isEmpty()) {
      root.problem("zookeeper.connect", "must name the ZooKeeper servers when store is zookeeper");
    }
    boolean usesZooKeeper = store.equals("zookeeper") || leadership.equals("zookeeper");
    if (usesZooKeeper && zk.acl().equals("digest") && zk.credentials() == null) {
      root.problem(
          "zookeeper.credentialsFile",
          "is required with store or leadership zookeeper: without it anyone who reaches"
              + " ZooKeeper can rewrite maintd's state and its election. Create it once with"
              + " (umask 077; echo \"maintd:$(head -c 24 /dev/urandom | base64)\" >"
              + " /etc/maintd/zookeeper-credentials), copy it to every master candidate, and set"
              + " zookeeper.credentialsFile: /etc/maintd/zookeeper-credentials (or zookeeper.acl:"
              + " open to run without ACLs on purpose)");
    }
    Store where = store.equals("zookeeper") ? new Store.InZooKeeper(zk) : new Store.InFile();
    return new Ha(
        whoLeads(leadership, where, zk),
        advertise == null ? null : advertise.toString().replaceAll("/+$", ""));
  }

  /**
   * Who leads as {@code leadership} names it, keeping the state {@code where}; an election keeps it
   * in {@code zk} (with {@code store: file} it is refused above, and the load fails).
   */
  private static WhoLeads whoLeads(String leadership, Store where, ZooKeeper zk) {
    return switch (leadership) {
      case "master" -> new WhoLeads.Master(where);
      case "standby" -> new WhoLeads.Standby(where);
      case "zookeeper" -> new WhoLeads.Elected(zk);
      default -> throw new IllegalArgumentException("no leadership '" + leadership + "'");
    };
  }
}
