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
    Map<String, String> body = new LinkedHashMap<>();
    body.put("error", code);
    body.put("message", message);
    return send(response, callback, status, body);
  }
}
