package org.maintd.spi;

/** The state store cannot be read or written; the message names the store and the reason. */
public class StoreException extends RuntimeException {
  public StoreException(String message) {
    super(message);
  }

  public StoreException(String message, Throwable cause) {
    super(message, cause);
  }
}
