package org.maintd.daemon.http;

import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.maintd.campaign.CampaignException;
import org.maintd.daemon.runner.CommandRefused;
import org.maintd.daemon.runner.Commands;
import org.maintd.http.HttpError;
import org.maintd.http.HttpJson;
import org.maintd.incident.IncidentException;
import org.maintd.protocol.text.Escaped;
import org.maintd.roll.RollException;
import org.maintd.spi.BackendException;
import org.maintd.spi.StateUnwritableException;
import org.maintd.spi.StoreException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The API's errors: what a route or the runner threw as the HTTP error it answers (the domain's
 * refusals 400, 404 or 409, a standby's 503, a failing backend 502 or store 503, a bug 500 logged
 * with its stack trace), and how an error is sent. Stateless.
 */
final class ApiErrors {
  private static final Logger log = LoggerFactory.getLogger(ApiErrors.class);

  private ApiErrors() {}

  /** Sends {@code e} as JSON; a 401 names the ways to authenticate. */
  static boolean refuse(Response response, Callback callback, HttpError e) {
    if (e.status() == 401) {
      response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Basic realm=\"maintd\"");
    }
    return HttpJson.refuse(response, callback, e);
  }

  /**
   * The API's answer to what a route threw: the domain's refusals, a failing backend or store, a
   * bug.
   */
  static HttpError translate(Request request, String path, Exception e) {
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
    if (e instanceof StateUnwritableException u) {
      // the fault STATE_UNWRITABLE says it in the log, once
      return new HttpError(503, "state-unwritable", "nothing was changed: " + u.getMessage());
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
    return HttpError.internal(request.getMethod(), path, "the daemon's log");
  }

  private static HttpError kind(String kind, String message) {
    return switch (kind) {
      case "BAD_REQUEST" -> HttpError.badRequest(message);
      case "NOT_FOUND" -> HttpError.notFound(message);
      case "STALE" -> new HttpError(412, "precondition-failed", message);
      default -> HttpError.conflict(message);
    };
  }
}
