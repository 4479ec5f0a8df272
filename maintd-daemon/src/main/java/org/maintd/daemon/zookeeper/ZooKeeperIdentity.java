package org.maintd.daemon.zookeeper;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.List;
import javax.security.auth.login.Configuration;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.api.ACLProvider;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.client.ZKClientConfig;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Id;
import org.apache.zookeeper.server.auth.DigestAuthenticationProvider;
import org.maintd.daemon.config.ZooKeeper;
import org.maintd.protocol.signing.KeyFiles;

/**
 * Who maintd is to ZooKeeper, and the ACL every znode under its chroot carries: {@code digest} (a
 * user and password from a root-only file, the ACL {@code digest:<user>:<hash>}), {@code sasl} (the
 * JVM's JAAS {@code Client} section logs in; the ACL names {@code sasl:<saslUser>}), or {@code
 * open} (no identity, {@code world:anyone}: only when an operator asks for it). Immutable.
 */
public final class ZooKeeperIdentity {
  private static final String JAAS = "java.security.auth.login.config";

  private final String mode;
  private final String user;
  private final byte[] auth;
  private final List<ACL> acl;

  private ZooKeeperIdentity(String mode, String user, byte[] auth, List<ACL> acl) {
    this.mode = mode;
    this.user = user;
    this.auth = auth;
    this.acl = acl;
  }

  /**
   * The identity {@code settings} name; {@link IllegalArgumentException} naming the setting when
   * its credentials file cannot be used.
   */
  public static ZooKeeperIdentity of(ZooKeeper settings) {
    return switch (settings.acl()) {
      case "open" -> new ZooKeeperIdentity("open", "", null, ZooDefs.Ids.OPEN_ACL_UNSAFE);
      case "sasl" -> {
        checkJaas();
        yield new ZooKeeperIdentity(
            "sasl", settings.saslUser(), null, only(new Id("sasl", settings.saslUser())));
      }
      default -> digest(settings.credentials());
    };
  }

  /**
   * SASL needs the JVM's JAAS file, with the section ZooKeeper's client logs in with ({@code
   * Client}); without them ZooKeeper's client would stay anonymous.
   */
  private static void checkJaas() {
    String file = System.getProperty(JAAS, "");
    String section =
        System.getProperty(
            ZKClientConfig.LOGIN_CONTEXT_NAME_KEY, ZKClientConfig.LOGIN_CONTEXT_NAME_KEY_DEFAULT);
    if (file.isEmpty()) {
      throw new IllegalArgumentException(
          "zookeeper.acl: sasl needs a JAAS file with a "
              + section
              + " section: start maintd with -D"
              + JAAS
              + "=FILE (docs/operations.md, \"ZooKeeper ACLs\")");
    }
    try {
      if (Configuration.getConfiguration().getAppConfigurationEntry(section) == null) {
        throw new IllegalArgumentException(
            "zookeeper.acl: sasl: the JAAS file " + file + " has no " + section + " section");
      }
    } catch (SecurityException e) {
      throw new IllegalArgumentException(
          "zookeeper.acl: sasl: cannot read the JAAS file " + file + ": " + e.getMessage(), e);
    }
  }

  private static ZooKeeperIdentity digest(Path file) {
    if (file == null) {
      throw new IllegalArgumentException(
          "zookeeper.credentialsFile: not set; it is required unless zookeeper.acl is open");
    }
    String text;
    try {
      text = new String(KeyFiles.secret(file, "", null), StandardCharsets.UTF_8).strip();
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("zookeeper.credentialsFile: " + e.getMessage(), e);
    }
    int colon = text.indexOf(':');
    if (colon <= 0 || colon == text.length() - 1 || text.contains("\n")) {
      throw new IllegalArgumentException(
          "zookeeper.credentialsFile: " + file + " must hold one line user:password");
    }
    try {
      return new ZooKeeperIdentity(
          "digest",
          text.substring(0, colon),
          text.getBytes(StandardCharsets.UTF_8),
          only(new Id("digest", DigestAuthenticationProvider.generateDigest(text))));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-1 is missing from this JVM", e);
    }
  }

  /** A list that answers contains(null): ZooKeeper asks it, and List.of throws. */
  private static List<ACL> only(Id id) {
    return Collections.singletonList(new ACL(ZooDefs.Perms.ALL, id));
  }

  /** Logs in as this identity and gives every znode created its ACL. */
  void applyTo(CuratorFrameworkFactory.Builder builder) {
    if (auth != null) {
      builder.authorization("digest", auth);
    }
    ACLProvider provider =
        new ACLProvider() {
          @Override
          public List<ACL> getDefaultAcl() {
            return acl;
          }

          @Override
          public List<ACL> getAclForPath(String path) {
            return acl;
          }
        };
    builder.aclProvider(provider);
  }

  /** The ACL of every znode under the chroot. */
  public List<ACL> acl() {
    return acl;
  }

  public boolean open() {
    return mode.equals("open");
  }

  /** Whose credentials maintd uses, for a refusal's message. */
  String credentials() {
    return switch (mode) {
      case "open" -> "none (zookeeper.acl: open)";
      case "sasl" -> "sasl:" + user + " (the Client section of " + jaas() + ")";
      default -> "zookeeper.credentialsFile's";
    };
  }

  /** What ZooKeeper's refusal of maintd's login (AuthFailed) means, in one line. */
  String loginRefused() {
    return mode.equals("sasl")
        ? "zookeeper.acl: sasl: ZooKeeper refused maintd's SASL login (AuthFailed): check the"
            + " username and password of the Client section of "
            + jaas()
            + " against the users of the servers' JAAS Server section"
        : "zookeeper.acl: "
            + mode
            + ": ZooKeeper refused maintd's login as "
            + user
            + " (AuthFailed): its servers must accept the "
            + mode
            + " scheme";
  }

  /** The JAAS file the JVM logs in with, as the operator named it. */
  private static String jaas() {
    return "the JAAS file " + System.getProperty(JAAS, "") + " (" + JAAS + ")";
  }

  /** What the log says at start: which ACLs are in use. */
  public String describe() {
    return switch (mode) {
      case "open" -> "no ACLs (zookeeper.acl: open): anyone who reaches ZooKeeper may change them";
      case "sasl" -> "SASL ACLs: only sasl:" + user + " may read or change them";
      default -> "digest ACLs: only user " + user + " may read or change them";
    };
  }
}
