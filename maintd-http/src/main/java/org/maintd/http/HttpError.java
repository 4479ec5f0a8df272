package org.maintd.http;

/**
 * A request that ends in an error answer: the HTTP status, the stable error code of the JSON body
 * and a message that says what was wrong. Thrown by handlers, answered in one place.
 */
public class HttpError extends RuntimeException {
  private final int status;
  private final String code;
  private final java.util.Map<String, String> details;

  public HttpError(int status, String code, String message) {
    this(status, code, message, java.util.Map.of());
  }

  /** An error whose body carries {@code details} beside its code and message. */
  public HttpError(int status, String code, String message, java.util.Map<String, String> details) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = java.util.Map.copyOf(details);
  }

  /** More fields of the body (a standby names the leader's URL), in no order. */
  public java.util.Map<String, String> details() {
    return details;
  }

  public int status() {
    return status;
  }

  public String code() {
    return code;
  }

  public static HttpError badRequest(String message) {
    return new HttpError(400, "bad-request", message);
  }

  public static HttpError notFound(String message) {
    return new HttpError(404, "not-found", message);
  }

  public static HttpError conflict(String message) {
    return new HttpError(409, "conflict", message);
  }

  /**
   * A bug met while serving {@code method} {@code path}: 500, naming the request and where the
   * details are ({@code "the daemon's log"}), never the exception.
   */
  public static HttpError internal(String method, String path, String whereLogged) {
    return new HttpError(
        500,
        "internal-error",
        "internal error while serving "
            + method
            + " "
            + path
            + " ("
            + whereLogged
            + " has the details)");
  }

  /** The stable error code of a status, for errors that come from the server itself. */
  public static String codeOf(int status) {
    return switch (status) {
      case 400 -> "bad-request";
      case 401 -> "unauthorized";
      case 403 -> "forbidden";
      case 404 -> "not-found";
      case 405 -> "method-not-allowed";
      case 408 -> "request-timeout";
      case 409 -> "conflict";
      case 412 -> "precondition-failed";
      case 413 -> "body-too-large";
      case 414 -> "uri-too-long";
      case 415 -> "unsupported-media-type";
      case 431 -> "headers-too-large";
      case 502 -> "backend-error";
      case 503 -> "unavailable";
      default -> status >= 500 ? "internal-error" : "http-" + status;
    };
  }
}
