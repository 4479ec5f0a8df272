package org.maintd.daemon.config;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.List;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import org.maintd.config.ConfigSection;

/**
 * The keys of high availability in {@code maintd.yaml}: {@code store}, {@code leadership}, {@code
 * advertiseUrl} and the {@code zookeeper} section (servers, timeouts, chroot, ACLs and credentials,
 * TLS), each bad value told with its key, and the combinations that cannot work refused.
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
            : DaemonConfigLoader.url(root, "advertiseUrl", null, List.of("http", "https"));
    ZooKeeper zk = zookeeper(root.section("zookeeper"));
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

  private static ZooKeeper zookeeper(ConfigSection z) {
    ZooKeeper d = ZooKeeper.defaults();
    String connect = z.string("connect", "").strip();
    if (!connect.isEmpty() && !validConnect(connect)) {
      z.problem(
          "connect",
          "must be host:port[,host:port...] with ports from 1 to 65535, not '" + connect + "'");
    }
    Duration session = z.duration("sessionTimeout", d.sessionTimeout(), Duration.ofSeconds(1));
    Duration connection =
        z.duration("connectionTimeout", d.connectionTimeout(), Duration.ofMillis(100));
    String chroot = z.string("chroot", d.chroot());
    if (!chroot.matches("(/[A-Za-z0-9._-]+)+") || chroot.matches(".*/\\.{1,2}(/.*)?")) {
      z.problem(
          "chroot",
          "must be an absolute znode path such as /maintd (letters, digits, '.', '_', '-'), not '"
              + chroot
              + "'");
    }
    Path credentials = z.optionalPath("credentialsFile");
    Duration fenceWait = z.duration("fenceWait", session, Duration.ZERO);
    String acl = z.oneOf("acl", d.acl(), List.of("digest", "sasl", "open"));
    String saslUser = z.string("saslUser", "");
    if (acl.equals("sasl") && saslUser.isBlank()) {
      z.problem("saslUser", "must name the SASL user maintd logs in as when acl is sasl");
    }
    return new ZooKeeper(
        connect,
        session,
        connection,
        chroot,
        credentials,
        fenceWait,
        acl,
        saslUser,
        tls(z.section("tls")));
  }

  private static ZooKeeper.Tls tls(ConfigSection t) {
    SSLParameters jvm = supported();
    String protocol =
        t.oneOf(
            "protocol",
            ZooKeeper.Tls.DEFAULT_PROTOCOLS.get(0),
            List.of(jvm.getProtocols()).stream().filter(p -> p.startsWith("TLS")).toList());
    List<String> listed = t.stringList("enabledProtocols");
    List<String> enabled =
        t.keys().contains("enabledProtocols")
            ? known(t, "enabledProtocols", listed, jvm.getProtocols())
            : ZooKeeper.Tls.DEFAULT_PROTOCOLS;
    if (!enabled.isEmpty() && !enabled.contains(protocol)) {
      t.problem("protocol", protocol + " is not one of enabledProtocols " + enabled);
    }
    ZooKeeper.Tls tls =
        new ZooKeeper.Tls(
            t.optionalPath("trustStore"),
            t.optionalPath("trustStorePasswordFile"),
            t.optionalPath("keyStore"),
            t.optionalPath("keyStorePasswordFile"),
            t.bool("hostnameVerification", true),
            protocol,
            enabled,
            known(t, "cipherSuites", t.stringList("cipherSuites"), jvm.getCipherSuites()));
    if (!tls.enabled() && tls.keyStore() != null) {
      t.problem("keyStore", "needs trustStore: TLS is on only with a trust store");
    }
    for (Path store : new Path[] {tls.trustStore(), tls.keyStore()}) {
      if (store != null && !Files.isReadable(store)) {
        t.problem(store == tls.trustStore() ? "trustStore" : "keyStore", "cannot read " + store);
      }
    }
    return tls;
  }

  /** {@code values}, each of which this JVM must know among {@code supported}. */
  private static List<String> known(
      ConfigSection t, String key, List<String> values, String[] supported) {
    for (String v : values) {
      if (!List.of(supported).contains(v)) {
        t.problem(key, "this JVM does not support '" + v + "'");
      }
    }
    return values;
  }

  /** What this JVM's TLS supports. */
  private static SSLParameters supported() {
    try {
      return SSLContext.getDefault().getSupportedSSLParameters();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("this JVM has no TLS", e);
    }
  }

  private static boolean validConnect(String connect) {
    for (String server : connect.split(",", -1)) {
      int colon = server.lastIndexOf(':');
      if (colon <= 0 || !server.substring(colon + 1).matches("[0-9]{1,5}")) {
        return false;
      }
      int port = Integer.parseInt(server.substring(colon + 1));
      if (port < 1 || port > 65535 || server.substring(0, colon).isBlank()) {
        return false;
      }
    }
    return true;
  }
}
