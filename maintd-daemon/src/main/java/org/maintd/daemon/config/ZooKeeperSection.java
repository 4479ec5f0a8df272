package org.maintd.daemon.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.maintd.config.ConfigSection;

/**
 * The keys of the {@code zookeeper} section of {@code maintd.yaml}: {@code connect} (host:port
 * pairs), the timeouts, {@code chroot}, who maintd is to ZooKeeper ({@code acl}, {@code
 * credentialsFile}, {@code saslUser}) and {@code fenceWait}, and its {@code tls} section ({@link
 * TlsSection}), each bad value told with its key. Stateless.
 */
final class ZooKeeperSection {
  private ZooKeeperSection() {}

  static ZooKeeper read(ConfigSection z) {
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
        TlsSection.read(z.section("tls")));
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
