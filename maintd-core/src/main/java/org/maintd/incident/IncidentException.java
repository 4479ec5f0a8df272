package org.maintd.incident;

/** An operation on an incident does not fit its current state (cancel a failed one, ...). */
public class IncidentException extends RuntimeException {
  public IncidentException(String message) {
    super(message);
  }
}
