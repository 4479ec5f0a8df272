package org.maintd.rapi;

/** A RAPI response does not have the shape Ganeti documents; the message names the field. */
public class RapiFormatException extends RuntimeException {
  public RapiFormatException(String message) {
    super(message);
  }
}
