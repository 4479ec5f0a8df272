package org.maintd.rapi.client;

/**
 * A RAPI request that failed: how ({@link Kind}), the HTTP status (0 when no answer came), and the
 * detail (Ganeti's own message for an answer, the cause's for no answer). Its message says all of
 * it with the request ({@code RAPI GET /2/info ...}).
 */
public final class RapiFailure extends RuntimeException {
  /** How a request failed. */
  public enum Kind {
    /** No connection: refused, unreachable, or not made in time. */
    NO_CONNECTION,
    /** Connected, but no answer within the time limit. */
    NO_ANSWER,
    /** TLS failed: a certificate not trusted, a name not matched, no protocol in common. */
    TLS,
    /** Another I/O failure on the way. */
    IO,
    /** The calling thread was interrupted. */
    INTERRUPTED,
    /** RAPI answered with a status other than 200. */
    STATUS,
    /** RAPI answered 200 with something that is not JSON. */
    NOT_JSON
  }

  private final Kind kind;
  private final int status;
  private final String detail;

  /**
   * A failure of {@code kind} with the HTTP {@code status} (0: no answer), {@code message} saying
   * it all and {@code detail} what Ganeti or the cause said.
   */
  public RapiFailure(Kind kind, int status, String message, String detail, Throwable cause) {
    super(message, cause);
    this.kind = kind;
    this.status = status;
    this.detail = detail;
  }

  public Kind kind() {
    return kind;
  }

  /** The HTTP status, or 0 when the request got no answer. */
  public int status() {
    return status;
  }

  /** Ganeti's message (with its explanation) for an answer; the cause's message otherwise. */
  public String detail() {
    return detail;
  }

  /** Whether trying a read again may help: no answer came, or a server error. */
  boolean retriable() {
    return status == 0 ? kind != Kind.INTERRUPTED : status >= 500;
  }
}
