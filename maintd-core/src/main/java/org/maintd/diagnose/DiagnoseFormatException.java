package org.maintd.diagnose;

/** A diagnose object or report is malformed; the message says which field and why. */
public class DiagnoseFormatException extends RuntimeException {
  public DiagnoseFormatException(String message) {
    super(message);
  }
}
