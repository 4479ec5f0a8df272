package org.maintd.cli.client;

/** A request to the daemon failed; the message is meant for the person at the terminal. */
public class ApiException extends RuntimeException {
  public ApiException(String message) {
    super(message);
  }
}
