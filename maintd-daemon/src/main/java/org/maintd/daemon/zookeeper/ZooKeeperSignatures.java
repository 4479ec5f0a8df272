package org.maintd.daemon.zookeeper;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Supplier;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.maintd.protocol.signing.SignedMessage;
import org.maintd.protocol.signing.UsedSignatures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The signed requests accepted by any daemon, in ZooKeeper beside the state: one znode {@code
 * /signatures/<salt>-<signature>} each, created before the change is acted on. ZooKeeper's create
 * is atomic, so of all the daemons and all later leaders exactly one accepts a signature; the
 * others see it exists. Znodes whose salt is older than the window (no request that old is fresh)
 * are deleted, at most once a minute. ZooKeeper out of reach refuses the request. Thread-safe.
 */
public final class ZooKeeperSignatures implements UsedSignatures {
  private static final Logger log = LoggerFactory.getLogger(ZooKeeperSignatures.class);
  static final String ROOT = "/signatures";
  private static final Duration PRUNE_EVERY = Duration.ofMinutes(1);

  private final Supplier<CuratorFramework> zk;
  private final Duration window;
  private Instant pruned = Instant.MIN;

  /** Signatures kept in {@code zk}'s chroot, forgotten once older than {@code window}. */
  public ZooKeeperSignatures(Supplier<CuratorFramework> zk, Duration window) {
    this.zk = zk;
    this.window = window;
  }

  @Override
  public boolean firstUse(SignedMessage message, Instant now) {
    pruneIfDue(now);
    String path = ROOT + "/" + salt(message) + "-" + message.canonicalHmac();
    try {
      zk.get().create().creatingParentContainersIfNeeded().forPath(path);
      return true;
    } catch (KeeperException.NodeExistsException e) {
      return false;
    } catch (Exception e) {
      throw new IllegalStateException(
          "cannot record the request's signature in ZooKeeper, so its replay could not be told: "
              + e.getMessage(),
          e);
    }
  }

  @Override
  public boolean used(SignedMessage message, Instant now) {
    String path = ROOT + "/" + salt(message) + "-" + message.canonicalHmac();
    try {
      return zk.get().checkExists().forPath(path) != null;
    } catch (Exception e) {
      throw new IllegalStateException(
          "cannot read the used signatures in ZooKeeper, so a replay could not be told: "
              + e.getMessage(),
          e);
    }
  }

  private static long salt(SignedMessage message) {
    try {
      return Long.parseLong(message.salt());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private void pruneIfDue(Instant now) {
    synchronized (this) {
      if (pruned.plus(PRUNE_EVERY).isAfter(now)) {
        return;
      }
      pruned = now;
    }
    long oldest = now.minus(window).getEpochSecond();
    try {
      List<String> used = zk.get().getChildren().forPath(ROOT);
      for (String name : used) {
        int dash = name.indexOf('-');
        if (dash > 0
            && name.substring(0, dash).matches("[0-9]+")
            && Long.parseLong(name.substring(0, dash)) < oldest) {
          zk.get().delete().quietly().forPath(ROOT + "/" + name);
        }
      }
    } catch (KeeperException.NoNodeException e) {
      // none recorded yet
    } catch (Exception e) {
      log.debug("pruning the used signatures: {}", e.getMessage());
    }
  }
}
