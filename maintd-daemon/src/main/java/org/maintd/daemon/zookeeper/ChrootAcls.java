package org.maintd.daemon.zookeeper;

import java.util.ArrayList;
import java.util.List;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.ACL;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Checks at start that every znode under maintd's chroot carries maintd's ACL and nothing more: a
 * znode that others may use (left open by an older maintd, or changed by hand) is tightened and
 * logged; one that maintd cannot read or re-ACL (it was made under other credentials) refuses the
 * start, naming its path. With open ACLs it only reads the chroot, so that credentials ZooKeeper
 * refuses are told at start. Used once, at start.
 */
public final class ChrootAcls {
  private static final Logger log = LoggerFactory.getLogger(ChrootAcls.class);

  private final CuratorFramework zk;
  private final ZooKeeperIdentity identity;

  ChrootAcls(CuratorFramework zk, ZooKeeperIdentity identity) {
    this.zk = zk;
    this.identity = identity;
  }

  /** maintd may not use a znode of its chroot: a start-up refusal, naming the znode. */
  public static final class Refused extends IllegalStateException {
    public Refused(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** Checks, and tightens where it must, every znode; returns the paths tightened. */
  List<String> check() {
    List<String> tightened = new ArrayList<>();
    walk("/", tightened);
    return tightened;
  }

  private void walk(String path, List<String> tightened) {
    List<ACL> acl = call(path, "read the ACL of", () -> zk.getACL().forPath(path));
    if (acl == null) {
      return; // gone meanwhile (an ephemeral latch node of a daemon that stopped)
    }
    if (identity.open()) {
      call(path, "list", () -> zk.getChildren().forPath(path));
      return;
    }
    if (!same(acl, identity.acl())) {
      call(path, "tighten the ACL of", () -> zk.setACL().withACL(identity.acl()).forPath(path));
      tightened.add(full(path));
      log.warn(
          "tightened the ACL of znode {}: it was {}; now {}",
          full(path),
          text(acl),
          text(identity.acl()));
    }
    List<String> children = call(path, "list", () -> zk.getChildren().forPath(path));
    for (String child : children == null ? List.<String>of() : children) {
      walk(ZKPaths.makePath(path, child), tightened);
    }
  }

  private static boolean same(List<ACL> a, List<ACL> b) {
    return a.size() == b.size() && a.containsAll(b);
  }

  private String full(String path) {
    return ZKPaths.makePath("/" + zk.getNamespace(), path.equals("/") ? "" : path);
  }

  private static String text(List<ACL> acl) {
    List<String> out = new ArrayList<>();
    for (ACL a : acl) {
      out.add(a.getId().getScheme() + ":" + a.getId().getId() + ":" + perms(a.getPerms()));
    }
    return String.join(", ", out);
  }

  private static String perms(int p) {
    StringBuilder s = new StringBuilder();
    String letters = "rwcda";
    int[] bits = {1, 2, 4, 8, 16};
    for (int i = 0; i < bits.length; i++) {
      if ((p & bits[i]) != 0) {
        s.append(letters.charAt(i));
      }
    }
    return s.toString();
  }

  private interface ZkCall<T> {
    T call() throws Exception;
  }

  private <T> T call(String path, String what, ZkCall<T> op) {
    try {
      return op.call();
    } catch (KeeperException.NoAuthException e) {
      throw new Refused(
          "ZooKeeper refuses to let maintd "
              + what
              + " znode "
              + full(path)
              + " (NoAuth): its ACL names other credentials than "
              + identity.credentials()
              + " (or none); fix its ACL with ZooKeeper's own client (setAcl), or use the"
              + " credentials it was made with",
          e);
    } catch (KeeperException.AuthFailedException e) {
      throw new Refused(identity.loginRefused(), e);
    } catch (KeeperException.NoNodeException e) {
      return null;
    } catch (Exception e) {
      throw new IllegalStateException(
          "cannot " + what + " znode " + full(path) + ": " + e.getMessage(), e);
    }
  }
}
