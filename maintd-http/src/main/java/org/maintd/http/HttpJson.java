package org.maintd.http;

import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.maintd.protocol.json.Json;

/** Writing JSON answers and JSON errors from Jetty handlers. Stateless. */
public final class HttpJson {
  private HttpJson() {}

  public static boolean send(Response response, Callback callback, int status, Object body) {
    return sendText(response, callback, status, body instanceof String s ? s : Json.write(body));
  }

  public static boolean sendText(Response response, Callback callback, int status, String json) {
    return sendText(response, callback, status, "application/json", json + "\n");
  }

  /** Sends {@code body} as it is, with its content type. */
  public static boolean sendText(
      Response response, Callback callback, int status, String contentType, String body) {
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentType);
    Content.Sink.write(response, true, body, callback);
    return true;
  }

  public static boolean error(
      Response response, Callback callback, int status, String code, String message) {
    return error(response, callback, new HttpError(status, code, message));
  }

  /**
   * Sends {@code e} as {@link #error(Response, Callback, HttpError)} does, with the headers its
   * status calls for: a 405 names the allowed methods; after a 408 or a 413 the connection is
   * closed (the rest of the body is not read).
   */
  public static boolean refuse(Response response, Callback callback, HttpError e) {
    if (e instanceof Router.MethodNotAllowed m) {
      response.getHeaders().put(HttpHeader.ALLOW, m.allowHeader());
    }
    if (e.status() == 413 || e.status() == 408) {
      response.getHeaders().put(HttpHeader.CONNECTION, "close");
    }
    return error(response, callback, e);
  }

  /**
   * Sends {@code e} for a request whose body was not read to its end (over the limit, too slow, one
   * too many at once): the connection is closed after the answer, and a 503 says when to try again.
   */
  public static boolean refuseUnread(Response response, Callback callback, HttpError e) {
    response.getHeaders().put(HttpHeader.CONNECTION, "close");
    if (e.status() == 503) {
      response.getHeaders().put(HttpHeader.RETRY_AFTER, "1");
    }
    return refuse(response, callback, e);
  }

  /** Sends {@code e} as its status with {@code {"error", "message", ...its details}}. */
  public static boolean error(Response response, Callback callback, HttpError e) {
    Map<String, String> body = new LinkedHashMap<>();
    body.put("error", e.code());
    body.put("message", e.getMessage());
    new java.util.TreeMap<>(e.details()).forEach(body::putIfAbsent);
    return send(response, callback, e.status(), body);
  }
}
