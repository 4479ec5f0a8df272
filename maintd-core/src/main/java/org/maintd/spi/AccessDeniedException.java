package org.maintd.spi;

/**
 * The store refuses maintd access to where its state lives (ZooKeeper answers NoAuth or AuthFailed:
 * a znode's ACL or maintd's credentials changed under it): nothing may be done until access is
 * back. Names the file or znode refused and why.
 */
public final class AccessDeniedException extends StateUnusableException {
  public AccessDeniedException(String where, String reason, Throwable cause) {
    super("maintd may not use " + where + ": " + reason, where, reason, cause);
  }
}
