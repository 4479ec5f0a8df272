package org.maintd.spi;

/** The cluster backend failed or refused; the message says which call and why. */
public class BackendException extends RuntimeException {
  public BackendException(String message) {
    super(message);
  }

  public BackendException(String message, Throwable cause) {
    super(message, cause);
  }
}
