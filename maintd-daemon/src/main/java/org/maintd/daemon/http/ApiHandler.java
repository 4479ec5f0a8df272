package org.maintd.daemon.http;

import java.nio.ByteBuffer;
import java.util.Map;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.maintd.campaign.CampaignException;
import org.maintd.daemon.runner.CommandRefused;
import org.maintd.daemon.runner.Commands;
import org.maintd.http.Bodies;
import org.maintd.http.HttpError;
import org.maintd.http.HttpJson;
import org.maintd.http.Router;
import org.maintd.incident.IncidentException;
import org.maintd.protocol.text.Escaped;
import org.maintd.roll.RollException;
import org.maintd.spi.BackendException;
import org.maintd.spi.StoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's HTTP API on port 1816: routes each request ({@link ApiRoutes}), lets reads through
 * and authenticates changes, from the headers before any of the body is read, then reads at most
 * {@code maxBody} bytes of it. A change its route would refuse anyway (a standby's) is checked as
 * any other (unsigned, forged, stale or replayed: 401) but refused without spending its signature,
 * so that the same signed request can go on to the leader. Every answer is JSON, errors are {@code
 * {"error": code, "message": text}}, and HTTP status codes are decided here and nowhere else.
 * Thread-safe.
 */
public final class ApiHandler extends Handler.Abstract {
  private static final Logger log = LoggerFactory.getLogger(ApiHandler.class);
  private static final HttpField VARY_ENCODING =
      new PreEncodedHttpField(HttpHeader.VARY, "Accept-Encoding");
  private static final HttpField GZIP =
      new PreEncodedHttpField(HttpHeader.CONTENT_ENCODING, "gzip");

  private final Router<ApiAction> routes;
  private final Authenticator auth;
  private final int maxBody;
  private final java.util.function.Supplier<Map<String, String>> readHeaders;
  private final java.util.concurrent.atomic.AtomicBoolean plainPasswordsWarned =
      new java.util.concurrent.atomic.AtomicBoolean();

  /**
   * The API over {@code routes}; changes are authenticated by {@code auth}, bodies read up to
   * {@code maxBody} bytes.
   */
  public ApiHandler(Router<ApiAction> routes, Authenticator auth, int maxBody) {
    this(routes, auth, maxBody, Map::of);
  }

  /**
   * The API, whose reads carry the headers {@code readHeaders} gives (a standby's say how old its
   * view is and who leads).
   */
  public ApiHandler(
      Router<ApiAction> routes,
      Authenticator auth,
      int maxBody,
      java.util.function.Supplier<Map<String, String>> readHeaders) {
    this.routes = routes;
    this.auth = auth;
    this.maxBody = maxBody;
    this.readHeaders = readHeaders;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    String path = Request.getPathInContext(request);
    try {
      Router.Match<ApiAction> match = routes.route(request.getMethod(), path);
      Fields query = Request.extractQueryParameters(request);
      ApiCall call =
          isRead(request)
              ? new ApiCall(match, query, "", "")
              : authenticated(request, path, match, query);
      if (isRead(request)) {
        readHeaders.get().forEach((name, value) -> response.getHeaders().put(name, value));
      }
      Object result = match.handler().run(call);
      if (result instanceof Rendered r) {
        return send(request, response, callback, r);
      }
      if (result instanceof ApiResponse r) {
        return HttpJson.send(response, callback, r.status(), r.body());
      }
      if (result instanceof ApiText text) {
        return HttpJson.sendText(response, callback, 200, text.contentType(), text.body());
      }
      return HttpJson.send(response, callback, 200, result);
    } catch (HttpError e) {
      if (e.status() == 401) {
        response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Basic realm=\"maintd\"");
      }
      return HttpJson.refuse(response, callback, e);
    } catch (Exception e) {
      return error(response, callback, translate(request, path, e));
    }
  }

  /**
   * A rendered read: 304 when the client holds the same body (If-None-Match), else the body,
   * gzipped when the client accepts it; with its entity tag either way.
   */
  private static boolean send(Request request, Response response, Callback callback, Rendered r) {
    HttpFields.Mutable headers = response.getHeaders();
    headers.put(r.etagHeader());
    headers.put(VARY_ENCODING);
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

  private static boolean isRead(Request request) {
    return request.getMethod().equals("GET") || request.getMethod().equals("HEAD");
  }

  private ApiCall authenticated(
      Request request, String path, Router.Match<ApiAction> match, Fields query) {
    Authenticator.Credentials credentials = Authenticator.Credentials.of(request.getHeaders());
    warnOfPlainPasswords(request, credentials);
    refuseUnless(auth.fromHeaders(credentials));
    String body = Bodies.read(request, maxBody);
    String signedPath =
        request.getHttpURI().getQuery() == null
            ? path
            : path + "?" + request.getHttpURI().getQuery();
    try {
      match.handler().admit();
    } catch (RuntimeException refused) {
      refuseUnless(auth.check(request.getMethod(), signedPath, body, credentials));
      throw refused;
    }
    Authenticator.Decision who = auth.decide(request.getMethod(), signedPath, body, credentials);
    refuseUnless(who);
    return new ApiCall(match, query, body, who.who());
  }

  /**
   * Basic auth sends a password as it is: over plain HTTP to an address other than loopback, anyone
   * on the way can read it. Said once.
   */
  private void warnOfPlainPasswords(Request request, Authenticator.Credentials credentials) {
    if (request.isSecure()
        || credentials.authorization() == null
        || !credentials.authorization().startsWith("Basic ")
        || plainPasswordsWarned.get()) {
      return;
    }
    String local = Request.getLocalAddr(request);
    boolean loopback;
    try {
      loopback = java.net.InetAddress.getByName(local).isLoopbackAddress();
    } catch (java.net.UnknownHostException e) {
      loopback = false;
    }
    if (!loopback && plainPasswordsWarned.compareAndSet(false, true)) {
      log.warn(
          "a change with basic auth came over plain HTTP to {}: its password crossed the network"
              + " unencrypted; serve the API over HTTPS (https.certificate, https.key) or sign"
              + " changes with the cluster key (maintctl does)",
          local);
    }
  }

  private static void refuseUnless(Authenticator.Decision d) {
    if (!d.isAllowed()) {
      throw new HttpError(
          d.status(),
          switch (d.status()) {
            case 401 -> "unauthorized";
            case 403 -> "forbidden";
            default -> "store-error";
          },
          d.reason());
    }
  }

  /**
   * The API's answer to what a route threw: the domain's refusals, a failing backend or store, a
   * bug.
   */
  private static HttpError translate(Request request, String path, Exception e) {
    if (e instanceof CampaignException c) {
      return kind(c.reason().name(), c.getMessage());
    }
    if (e instanceof CommandRefused r) {
      return kind(r.reason().name(), r.getMessage());
    }
    if (e instanceof Commands.NotLeader n) {
      return new HttpError(
          503,
          "not-leader",
          n.getMessage(),
          n.leaderUrl().isEmpty() ? Map.of() : Map.of("leader_url", n.leaderUrl()));
    }
    if (e instanceof Commands.Busy) {
      return new HttpError(503, "busy", e.getMessage());
    }
    if (e instanceof RollException) {
      return new HttpError(409, "cannot-plan", e.getMessage());
    }
    if (e instanceof IncidentException) {
      return HttpError.conflict(e.getMessage());
    }
    if (e instanceof IllegalArgumentException) {
      return HttpError.badRequest(e.getMessage());
    }
    if (e instanceof BackendException) {
      log.warn(
          "backend failed while serving {} {}: {}",
          request.getMethod(),
          Escaped.of(path),
          Escaped.of(e.getMessage()));
      return new HttpError(502, "backend-error", "the cluster backend failed: " + e.getMessage());
    }
    if (e instanceof StoreException) {
      log.error(
          "state store failed while serving {} {}: {}",
          request.getMethod(),
          Escaped.of(path),
          Escaped.of(e.getMessage()));
      return new HttpError(
          503,
          "store-error",
          "the state cannot be stored, so nothing was changed: " + e.getMessage());
    }
    log.error("internal error while serving {} {}", request.getMethod(), Escaped.of(path), e);
    return new HttpError(
        500,
        "internal-error",
        "internal error while serving "
            + request.getMethod()
            + " "
            + path
            + " (the daemon's log has the details)");
  }

  private static HttpError kind(String kind, String message) {
    return switch (kind) {
      case "BAD_REQUEST" -> HttpError.badRequest(message);
      case "NOT_FOUND" -> HttpError.notFound(message);
      default -> HttpError.conflict(message);
    };
  }

  private static boolean error(Response response, Callback callback, HttpError e) {
    return HttpJson.error(response, callback, e);
  }
}
