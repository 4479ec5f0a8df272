package org.maintd.daemon.zookeeper;

import java.util.function.Supplier;
import org.apache.zookeeper.KeeperException;
import org.maintd.spi.AccessDeniedException;
import org.maintd.spi.StoreException;
import org.maintd.spi.UnreadableStateException;

/**
 * What a failure of ZooKeeper means to the state's store, as the exception a caller decides on:
 * ZooKeeper out of reach or the session gone is {@link ZooKeeperStateStore.Unavailable}, an ACL
 * that refuses maintd an {@link AccessDeniedException} naming the znode and what to do, another's
 * write since this store's last a {@link ZooKeeperStateStore.Fenced} that says who wrote.
 * Stateless.
 */
final class ZooKeeperFailures {
  private ZooKeeperFailures() {}

  /** {@code e}, met while doing {@code what}, as the store's exception. */
  static StoreException of(String what, Exception e) {
    if (e instanceof KeeperException k
        && (k.code() == KeeperException.Code.CONNECTIONLOSS
            || k.code() == KeeperException.Code.SESSIONEXPIRED
            || k.code() == KeeperException.Code.OPERATIONTIMEOUT
            || k.code() == KeeperException.Code.SESSIONMOVED)) {
      return new ZooKeeperStateStore.Unavailable(what + ": " + k.getMessage(), e);
    }
    if (e instanceof KeeperException k
        && (k.code() == KeeperException.Code.NOAUTH
            || k.code() == KeeperException.Code.AUTHFAILED)) {
      return new AccessDeniedException(
          "znode " + (k.getPath() == null ? "(unknown)" : k.getPath()),
          what
              + ": ZooKeeper answers "
              + (k.code() == KeeperException.Code.NOAUTH ? "NoAuth" : "AuthFailed")
              + " (its ACL, or maintd's credentials, changed since maintd made it): give it back"
              + " maintd's ACL (setAcl), or give maintd the credentials it names",
          e);
    }
    return new StoreException(what + ": " + e, e);
  }

  /**
   * Fenced, with who wrote the state at {@code where} since this daemon did under {@code epoch}: a
   * maintd leader, or something that is not one, as {@code now} reads the state (null: deleted).
   */
  static ZooKeeperStateStore.Fenced fenced(
      long epoch, String where, Supplier<ZooKeeperStateStore.Read> now) {
    String since = "epoch " + epoch;
    try {
      ZooKeeperStateStore.Read read = now.get();
      if (read == null) {
        return new ZooKeeperStateStore.Fenced(
            where + " was deleted since this daemon (" + since + ") wrote it: it stops leading");
      }
      if (read.envelope().epoch() > epoch) {
        return new ZooKeeperStateStore.Fenced(
            "another leader (epoch "
                + read.envelope().epoch()
                + ", "
                + read.envelope().writer()
                + ") has written the state since this daemon ("
                + since
                + ") last did: this daemon no longer leads");
      }
      return new ZooKeeperStateStore.Fenced(
          where
              + " was rewritten under this daemon's own epoch by "
              + read.envelope().writer()
              + " (an import, or not a maintd leader): this daemon stops leading");
    } catch (UnreadableStateException e) {
      return new ZooKeeperStateStore.Fenced(
          "something that is not a maintd leader has overwritten "
              + where
              + " since this daemon ("
              + since
              + ") wrote it, and it cannot be read ("
              + e.reason()
              + "): this daemon stops leading");
    } catch (StoreException e) {
      return new ZooKeeperStateStore.Fenced(
          "the state was written since this daemon (" + since + ") wrote it: it stops leading");
    }
  }
}
