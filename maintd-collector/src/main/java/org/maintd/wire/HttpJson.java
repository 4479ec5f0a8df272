package org.maintd.wire;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/** Writing JSON answers and JSON errors from Jetty handlers, and reading bounded bodies. */
public final class HttpJson {
  public static final int MAX_BODY = 1 << 20;

  private HttpJson() {}

  public static boolean send(Response response, Callback callback, int status, Object body) {
    return sendText(response, callback, status, body instanceof String s ? s : Json.write(body));
  }

  public static boolean sendText(Response response, Callback callback, int status, String json) {
    response.setStatus(status);
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
    Content.Sink.write(response, true, json + "\n", callback);
    return true;
  }

  public static boolean error(Response response, Callback callback, int status, String code, String message) {
    Map<String, String> body = new LinkedHashMap<>();
    body.put("error", code);
    body.put("message", message);
    return send(response, callback, status, body);
  }

  /** The request body as UTF-8, refusing bodies over {@link #MAX_BODY} bytes. */
  public static String body(Request request) throws Exception {
    long length = request.getLength();
    if (length > MAX_BODY) {
      throw new IllegalArgumentException("request body of " + length + " bytes is over the limit of " + MAX_BODY);
    }
    String text = Content.Source.asString(request, StandardCharsets.UTF_8);
    if (text.length() > MAX_BODY) {
      throw new IllegalArgumentException("request body is over the limit of " + MAX_BODY + " bytes");
    }
    return text;
  }
}
