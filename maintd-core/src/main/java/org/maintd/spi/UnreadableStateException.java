package org.maintd.spi;

/**
 * The stored state is there but cannot be decoded (not the format maintd writes, torn, altered, a
 * chunk missing): nothing may be done on it, and it is never overwritten silently. Names where it
 * is and why it cannot be read.
 */
public final class UnreadableStateException extends StateUnusableException {
  public UnreadableStateException(String where, String reason, Throwable cause) {
    super("the stored state in " + where + " cannot be read: " + reason, where, reason, cause);
  }
}
