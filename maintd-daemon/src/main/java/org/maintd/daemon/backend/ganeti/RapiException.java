package org.maintd.daemon.backend.ganeti;

import org.maintd.spi.BackendException;

/** A RAPI request that failed: the HTTP status (0 when no answer came) and what Ganeti said. */
public final class RapiException extends BackendException {
  private final int status;

  public RapiException(int status, String message) {
    super(message);
    this.status = status;
  }

  public RapiException(String message, Throwable cause) {
    super(message, cause);
    this.status = 0;
  }

  /** The HTTP status, or 0 when the request got no answer (refused, timed out). */
  public int status() {
    return status;
  }
}
