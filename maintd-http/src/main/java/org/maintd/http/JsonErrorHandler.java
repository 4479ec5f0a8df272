package org.maintd.http;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;
import org.maintd.protocol.json.Json;

/**
 * Jetty's own errors (a URI or headers too long, an ambiguous path, a malformed request, a handler
 * that failed) answered as the API answers its errors, {@code {"error": code, "message": text}},
 * whatever the request's method (Jetty's own handler writes a body for GET, POST and HEAD only),
 * never as an HTML page and never with a stack trace. Thread-safe.
 */
public final class JsonErrorHandler extends ErrorHandler {

  /** Every method gets its error as JSON: a refused DELETE is told why as a refused GET is. */
  @Override
  public boolean errorPageForMethod(String method) {
    return true;
  }

  @Override
  protected void generateResponse(
      Request request,
      Response response,
      int code,
      String message,
      Throwable cause,
      Callback callback) {
    response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
    Content.Sink.write(response, true, json(code, message), callback);
  }

  @Override
  public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
    fields.put(HttpHeader.CONTENT_TYPE, "application/json");
    return ByteBuffer.wrap(json(status, reason).getBytes(StandardCharsets.UTF_8));
  }

  static String json(int status, String message) {
    Map<String, String> body = new LinkedHashMap<>();
    body.put("error", HttpError.codeOf(status));
    body.put(
        "message", message == null || message.isBlank() ? HttpStatus.getMessage(status) : message);
    return Json.write(body) + "\n";
  }
}
