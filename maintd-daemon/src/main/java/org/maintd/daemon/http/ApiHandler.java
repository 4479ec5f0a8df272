package org.maintd.daemon.http;

import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.maintd.http.BodyReads;
import org.maintd.http.HttpError;
import org.maintd.http.HttpJson;
import org.maintd.http.Router;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's HTTP API on port 1816: routes each request by its path as sent ({@link ApiRoutes};
 * each segment a route takes is decoded once, and a signature covers that path), lets reads through
 * and authenticates changes, from the headers before any of the body is read, then reads the body
 * without holding a thread while it arrives ({@link BodyReads}: at most {@code maxBody} bytes,
 * within a deadline, and only so many unauthenticated bodies at once), so that clients that send
 * their body slowly or never cannot starve the reads. A change its route would refuse anyway (a
 * standby's) is checked as any other (unsigned, forged, stale or replayed: 401) but refused without
 * spending its signature, so that the same signed request can go on to the leader. Every answer is
 * JSON, errors are {@code {"error": code, "message": text}}, and HTTP status codes are decided in
 * this package and nowhere else. Thread-safe.
 */
public final class ApiHandler extends Handler.Abstract {
  private static final Logger log = LoggerFactory.getLogger(ApiHandler.class);

  private final Router<ApiAction> routes;
  private final Authenticator auth;
  private final BodyReads bodies;
  private final Supplier<Map<String, String>> readHeaders;
  private final java.util.concurrent.atomic.AtomicBoolean plainPasswordsWarned =
      new java.util.concurrent.atomic.AtomicBoolean();

  /**
   * The API over {@code routes}; changes are authenticated by {@code auth}, bodies read within
   * {@code limits}.
   */
  public ApiHandler(Router<ApiAction> routes, Authenticator auth, ApiServer.Limits limits) {
    this(routes, auth, limits, Map::of);
  }

  /**
   * The API, whose reads carry the headers {@code readHeaders} gives (a standby's say how old its
   * view is and who leads).
   */
  public ApiHandler(
      Router<ApiAction> routes,
      Authenticator auth,
      ApiServer.Limits limits,
      Supplier<Map<String, String>> readHeaders) {
    this.routes = routes;
    this.auth = auth;
    this.bodies =
        new BodyReads(limits.maxRequestBody(), limits.bodyDeadline(), limits.pendingBodies());
    this.readHeaders = readHeaders;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    // the path as sent: routed segment by segment, each decoded once, and signed as it is
    String path = request.getHttpURI().getPath();
    return respond(
        request,
        response,
        callback,
        path,
        () -> {
          Router.Match<ApiAction> match = routes.route(request.getMethod(), path);
          Fields query = Request.extractQueryParameters(request);
          if (isRead(request)) {
            readHeaders.get().forEach((name, value) -> response.getHeaders().put(name, value));
            return match
                .handler()
                .run(new ApiCall(match, query, "", "", java.util.Optional.empty()));
          }
          return change(request, response, callback, path, match, query);
        });
  }

  /**
   * A change: authenticated as far as its headers tell, then its body read as it comes, then
   * authenticated over its body and run; answered once its body has come.
   */
  private Pending change(
      Request request,
      Response response,
      Callback callback,
      String path,
      Router.Match<ApiAction> match,
      Fields query) {
    Optional<HttpError> crossSite = CrossSite.refusal(request.getHeaders());
    Authenticator.Credentials credentials = Authenticator.Credentials.of(request.getHeaders());
    warnOfPlainPasswords(request, credentials);
    Authenticator.Decision headers = auth.fromHeaders(credentials);
    if ((crossSite.isPresent() || !headers.isAllowed()) && request.getLength() != 0) {
      // refused before its body is read: the connection cannot carry another request
      response.getHeaders().put(HttpHeader.CONNECTION, "close");
    }
    if (crossSite.isPresent()) {
      throw crossSite.get();
    }
    refuseUnless(headers);
    bodies.read(
        request,
        !headers.who().isEmpty(),
        body ->
            respond(
                request,
                response,
                callback,
                path,
                () ->
                    match
                        .handler()
                        .run(authenticated(request, path, match, query, credentials, body))),
        refused -> HttpJson.refuseUnread(response, callback, refused));
    return Pending.BODY;
  }

  /** What answers a request: a route's result, or what it threw. */
  @FunctionalInterface
  private interface Work {
    Object result() throws Exception;
  }

  /** What {@link #respond} sends nothing for: the answer comes once the body has. */
  private enum Pending {
    BODY
  }

  /** Sends what {@code work} answers, or the error it throws. */
  private static boolean respond(
      Request request, Response response, Callback callback, String path, Work work) {
    try {
      Object result = work.result();
      return result == Pending.BODY || ApiAnswers.send(request, response, callback, result);
    } catch (HttpError e) {
      return ApiErrors.refuse(response, callback, e);
    } catch (Exception e) {
      return ApiErrors.refuse(response, callback, ApiErrors.translate(request, path, e));
    }
  }

  private static boolean isRead(Request request) {
    return request.getMethod().equals("GET") || request.getMethod().equals("HEAD");
  }

  private ApiCall authenticated(
      Request request,
      String path,
      Router.Match<ApiAction> match,
      Fields query,
      Authenticator.Credentials credentials,
      String body) {
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
    return new ApiCall(
        match,
        query,
        body,
        who.who(),
        java.util.Optional.ofNullable(request.getHeaders().get(HttpHeader.IF_MATCH)));
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
}
