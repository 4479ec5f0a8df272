package org.maintd.spi;

/**
 * The store refuses maintd access to where its state lives (ZooKeeper answers NoAuth or AuthFailed:
 * a znode's ACL or maintd's credentials changed under it): nothing may be done until access is
 * back. Names the file or znode refused and why.
 */
public final class AccessDeniedException extends StoreException {
  private final String where;
  private final String reason;

  public AccessDeniedException(String where, String reason, Throwable cause) {
    super("maintd may not use " + where + ": " + reason, cause);
    this.where = where;
    this.reason = reason;
  }

  /** The file or znode refused. */
  public String where() {
    return where;
  }

  /** Why, as the store said it. */
  public String reason() {
    return reason;
  }
}
