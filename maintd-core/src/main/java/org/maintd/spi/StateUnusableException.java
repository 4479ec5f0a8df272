package org.maintd.spi;

/**
 * The stored state is there, but maintd cannot use it (read it, reach it, or write it): nothing may
 * be done on it until it can. Names where it is (the file or znode) and why, as the store said it.
 */
public abstract class StateUnusableException extends StoreException {
  private final String where;
  private final String reason;

  protected StateUnusableException(String message, String where, String reason, Throwable cause) {
    super(message, cause);
    this.where = where;
    this.reason = reason;
  }

  /** The file or znode. */
  public String where() {
    return where;
  }

  /** Why it cannot be used. */
  public String reason() {
    return reason;
  }
}
