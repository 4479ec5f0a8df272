package org.maintd.daemon.http;

import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.maintd.http.HttpJson;

/**
 * How the API sends what a route answered: a rendered read with its entity tag (304 for a client
 * that holds it, gzipped for one that takes it), an answer with its own status and headers, a text
 * with its content type, anything else as JSON with 200. Stateless.
 */
final class ApiAnswers {
  private static final HttpField VARY_ENCODING =
      new PreEncodedHttpField(HttpHeader.VARY, "Accept-Encoding");
  private static final HttpField GZIP =
      new PreEncodedHttpField(HttpHeader.CONTENT_ENCODING, "gzip");

  private ApiAnswers() {}

  /** Sends {@code result}, as the route gave it. */
  static boolean send(Request request, Response response, Callback callback, Object result) {
    if (result instanceof Rendered r) {
      return send(request, response, callback, r);
    }
    if (result instanceof ApiResponse r) {
      r.headers().forEach((name, value) -> response.getHeaders().put(name, value));
      return HttpJson.send(response, callback, r.status(), r.body());
    }
    if (result instanceof ApiText text) {
      return HttpJson.sendText(response, callback, 200, text.contentType(), text.body());
    }
    return HttpJson.send(response, callback, 200, result);
  }

  /**
   * A rendered read: 304 when the client holds the same body (If-None-Match), else the body,
   * gzipped when the client accepts it; with its entity tag either way.
   */
  private static boolean send(Request request, Response response, Callback callback, Rendered r) {
    HttpFields.Mutable headers = response.getHeaders();
    headers.put(r.etagHeader());
    headers.put(VARY_ENCODING);
    r.extraHeaders().forEach(headers::put);
    if (r.matches(request.getHeaders().get(HttpHeader.IF_NONE_MATCH))) {
      response.setStatus(304);
      callback.succeeded();
      return true;
    }
    response.setStatus(200);
    headers.put(r.contentTypeHeader());
    byte[] body = r.bytes();
    if (acceptsGzip(request.getHeaders().get(HttpHeader.ACCEPT_ENCODING))) {
      headers.put(GZIP);
      body = r.gzipped();
    }
    headers.put(HttpHeader.CONTENT_LENGTH, body.length);
    response.write(true, ByteBuffer.wrap(body), callback);
    return true;
  }

  /** Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0). */
  static boolean acceptsGzip(String acceptEncoding) {
    if (acceptEncoding == null) {
      return false;
    }
    for (String part : acceptEncoding.split(",")) {
      String[] p = part.strip().split(";");
      if (p[0].strip().equalsIgnoreCase("gzip")) {
        return p.length < 2 || !p[1].replace(" ", "").matches("q=0(\\.0*)?");
      }
    }
    return false;
  }
}
