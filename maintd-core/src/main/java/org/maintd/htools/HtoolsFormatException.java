package org.maintd.htools;

/** The text is not a cluster in the htools text format; the message names the line and field. */
public class HtoolsFormatException extends RuntimeException {
  public HtoolsFormatException(String message) {
    super(message);
  }
}
