package org.maintd.daemon.zookeeper;

import java.nio.charset.StandardCharsets;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.api.ACLProvider;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.SessionConnectionStateErrorPolicy;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.service.Part;
import org.maintd.protocol.signing.KeyFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's ZooKeeper session, under the configured chroot and, with credentials, digest ACLs
 * that let only maintd read and write its znodes. It reaches ZooKeeper through the configured hosts
 * only, never through the addresses the ensemble's own configuration announces. It starts once the
 * first connection is made (refusing to start otherwise), and follows the connection: {@link
 * #usable} is false from the moment the connection is {@code SUSPENDED} until it is back in the
 * same session, so that nothing is submitted meanwhile; {@code LOST} (the session expired) ends
 * leadership. Thread-safe.
 */
public final class ZooKeeperConnection extends Part {
  private static final Logger log = LoggerFactory.getLogger(ZooKeeperConnection.class);

  private final DaemonConfig.ZooKeeper settings;
  private volatile CuratorFramework client;
  private volatile ConnectionState state = ConnectionState.LOST;

  public ZooKeeperConnection(DaemonConfig.ZooKeeper settings, Clock clock) {
    super("zookeeper", clock);
    this.settings = settings;
  }

  @Override
  protected void startUp() {
    CuratorFrameworkFactory.Builder builder =
        CuratorFrameworkFactory.builder()
            .connectString(settings.connect())
            .sessionTimeoutMs((int) settings.sessionTimeout().toMillis())
            // Curator's own attempt timeout stays within the session (it warns otherwise); the
            // first connection is still waited for up to zookeeper.connectionTimeout, below.
            .connectionTimeoutMs(
                (int)
                    Math.min(
                        settings.connectionTimeout().toMillis(),
                        settings.sessionTimeout().toMillis()))
            .retryPolicy(new ExponentialBackoffRetry(200, 3, 2000))
            .connectionStateErrorPolicy(new SessionConnectionStateErrorPolicy())
            // The hosts of zookeeper.connect are how this node reaches ZooKeeper; the addresses
            // the ensemble announces in its configuration may not be (a proxy, another network).
            .ensembleTracker(false)
            .namespace(settings.chroot().substring(1));
    if (settings.credentials() != null) {
      String userPassword = credentials();
      builder
          .authorization("digest", userPassword.getBytes(StandardCharsets.UTF_8))
          .aclProvider(onlyMaintd(userPassword));
    }
    CuratorFramework c = builder.build();
    c.getConnectionStateListenable().addListener((cf, next) -> moved(next));
    c.start();
    try {
      if (!c.blockUntilConnected(
          (int) settings.connectionTimeout().toMillis(), TimeUnit.MILLISECONDS)) {
        c.close();
        throw new IllegalStateException(
            "cannot connect to ZooKeeper at "
                + settings.connect()
                + " within "
                + settings.connectionTimeout().toMillis()
                + " ms (zookeeper.connect, zookeeper.connectionTimeout)");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      c.close();
      throw new IllegalStateException("interrupted while connecting to ZooKeeper", e);
    }
    state = ConnectionState.CONNECTED;
    client = c;
    log.info(
        "connected to ZooKeeper at {} under {}; session timeout {} ms as ZooKeeper granted it"
            + " (asked: {} ms)",
        settings.connect(),
        settings.chroot(),
        negotiatedSessionTimeout(c),
        settings.sessionTimeout().toMillis());
  }

  /** The session timeout ZooKeeper granted (it keeps it within two and twenty of its ticks). */
  private static String negotiatedSessionTimeout(CuratorFramework c) {
    try {
      return Integer.toString(c.getZookeeperClient().getZooKeeper().getSessionTimeout());
    } catch (Exception e) {
      return "unknown";
    }
  }

  private String credentials() {
    String text;
    try {
      text =
          new String(
                  KeyFiles.secret(settings.credentials(), "", "no setting: it must be root-only"),
                  StandardCharsets.UTF_8)
              .strip();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("zookeeper.credentialsFile: " + e.getMessage(), e);
    }
    int colon = text.indexOf(':');
    if (colon <= 0 || colon == text.length() - 1 || text.contains("\n")) {
      throw new IllegalArgumentException(
          "zookeeper.credentialsFile: "
              + settings.credentials()
              + " must hold one line user:password");
    }
    return text;
  }

  private static ACLProvider onlyMaintd(String userPassword) {
    List<ACL> acl;
    try {
      // a list that answers contains(null): ZooKeeper asks it, and List.of throws
      acl =
          java.util.Collections.singletonList(
              new ACL(
                  ZooDefs.Perms.ALL,
                  new Id("digest", DigestAuthenticationProvider.generateDigest(userPassword))));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is missing from this JVM", e);
    }
    return new ACLProvider() {
      @Override
      public List<ACL> getDefaultAcl() {
        return acl;
      }

      @Override
      public List<ACL> getAclForPath(String path) {
        return acl;
      }
    };
  }

  private void moved(ConnectionState next) {
    ConnectionState before = state;
    state = next;
    if (next == ConnectionState.SUSPENDED) {
      log.warn("ZooKeeper connection suspended: nothing is submitted until it is back");
    } else if (next == ConnectionState.LOST) {
      log.warn("ZooKeeper session lost: leadership ends");
    } else if (before != next) {
      log.info("ZooKeeper connection {}", next.name().toLowerCase(java.util.Locale.ROOT));
    }
  }

  /** The client; started. */
  public CuratorFramework client() {
    CuratorFramework c = client;
    if (c == null) {
      throw new IllegalStateException("the ZooKeeper connection is not started");
    }
    return c;
  }

  /** Whether the connection is up: nothing may be submitted while it is not. */
  public boolean usable() {
    return state.isConnected();
  }

  @Override
  protected void shutDown() {
    if (client != null) {
      client.close();
    }
  }

  @Override
  protected String detail() {
    return settings.connect()
        + settings.chroot()
        + "; "
        + state.name().toLowerCase(java.util.Locale.ROOT);
  }
}
