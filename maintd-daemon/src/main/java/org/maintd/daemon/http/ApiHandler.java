package org.maintd.daemon.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;
import org.maintd.campaign.CampaignException;
import org.maintd.daemon.codec.IncidentCodec;
import org.maintd.daemon.metrics.DaemonMetrics;
import org.maintd.daemon.round.DaemonHealth;
import org.maintd.daemon.round.NodeBoard;
import org.maintd.daemon.round.RoundLoop;
import org.maintd.daemon.round.StateHolder;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentException;
import org.maintd.machine.MachineException;
import org.maintd.roll.RollException;
import org.maintd.signing.RequestSignature;
import org.maintd.spi.BackendException;
import org.maintd.spi.MaintdState;
import org.maintd.wire.HttpJson;
import org.maintd.wire.Json;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The daemon's HTTP API on port 1816. Reads need no authentication; changes need the {@link
 * Authenticator}'s consent. Errors are {@code {"error": code, "message": text}}. HTTP status codes
 * are decided here and nowhere else. Thread-safe.
 */
public final class ApiHandler extends Handler.Abstract {
  private static final Logger log = LoggerFactory.getLogger(ApiHandler.class);

  private final StateHolder state;
  private final RoundLoop loop;
  private final NodeBoard board;
  private final DaemonHealth health;
  private final Authenticator auth;
  private final SimControl sim;
  private final DaemonMetrics metrics;
  private final IncidentCodec incidents = new IncidentCodec();

  public ApiHandler(StateHolder state, RoundLoop loop, NodeBoard board, DaemonHealth health, Authenticator auth,
      org.maintd.daemon.backend.sim.SimBackend simBackend, DaemonMetrics metrics) {
    this.metrics = metrics;
    this.state = state;
    this.loop = loop;
    this.board = board;
    this.health = health;
    this.auth = auth;
    this.sim = simBackend == null ? null : new SimControl(simBackend);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) {
    String path = Request.getPathInContext(request);
    try {
      if (request.getMethod().equals("GET") && path.equals("/1/roll")) {
        return HttpJson.send(response, callback, 200, RollQuery.plan(board.cluster(), Request.extractQueryParameters(request)));
      }
      return request.getMethod().equals("GET") ? get(path, response, callback) : change(request, path, response, callback);
    } catch (CampaignException e) {
      int status = switch (e.kind()) {
        case BAD_REQUEST -> 400;
        case NOT_FOUND -> 404;
        case CONFLICT -> 409;
      };
      return HttpJson.error(response, callback, status, status == 400 ? "bad-request" : status == 404 ? "not-found" : "conflict",
          e.getMessage());
    } catch (MachineException e) {
      int status = switch (e.kind()) {
        case BAD_REQUEST -> 400;
        case NOT_FOUND -> 404;
        case CONFLICT -> 409;
      };
      return HttpJson.error(response, callback, status, status == 400 ? "bad-request" : status == 404 ? "not-found" : "conflict",
          e.getMessage());
    } catch (RollException e) {
      return HttpJson.error(response, callback, 409, "cannot-plan", e.getMessage());
    } catch (RoundLoop.NoSuchIncident e) {
      return HttpJson.error(response, callback, 404, "not-found", e.getMessage());
    } catch (IncidentException e) {
      return HttpJson.error(response, callback, 409, "conflict", e.getMessage());
    } catch (IllegalArgumentException e) {
      return HttpJson.error(response, callback, 400, "bad-request", e.getMessage());
    } catch (BackendException e) {
      log.warn("backend failed while serving {}: {}", path, e.getMessage());
      return HttpJson.error(response, callback, 502, "backend-error", e.getMessage());
    } catch (Exception e) {
      log.error("internal error while serving {}", path, e);
      return HttpJson.error(response, callback, 500, "internal-error", e.toString());
    }
  }

  private boolean get(String path, Response response, Callback callback) {
    if (path.equals("/metrics")) {
      response.setStatus(200);
      response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8");
      Content.Sink.write(response, true, metrics.scrape(), callback);
      return true;
    }
    Object body = switch (path) {
      case "/" -> List.of(1);
      case "/1/status" -> state.get().incidents().stream().map(incidents::write).toList();
      case "/1/jobs" -> loop.jobs();
      case "/1/evacuated" -> state.get().evacuated();
      case "/1/nodes" -> NodeViews.of(board.cluster(), board.readings(), state.get());
      case "/1/health" -> health.toJson();
      case "/1/paused" -> paused();
      case "/1/plan" -> PlanJson.of(loop.lastPlan());
      case "/1/instances" -> InstanceViews.of(board.cluster());
      case "/1/sim/jobs" -> sim == null ? null : sim.jobs();
      case "/1/campaigns" -> state.get().campaigns().stream().map(CampaignJson::of).toList();
      default -> path.startsWith("/1/incidents/") ? incident(path.substring("/1/incidents/".length()))
          : path.startsWith("/1/campaigns/") ? campaign(path.substring("/1/campaigns/".length())) : null;
    };
    if (body == null) {
      return HttpJson.error(response, callback, 404, "not-found", "no such resource: GET " + path);
    }
    return HttpJson.send(response, callback, 200, body);
  }

  private Map<String, Object> paused() {
    MaintdState s = state.get();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("paused", s.paused());
    m.put("reason", s.pauseReason());
    m.put("storm", loop.storm());
    return m;
  }

  private Object incident(String uuid) {
    Incident inc = state.get().incidents().stream().filter(i -> i.uuid().toString().equals(uuid)).findFirst()
        .orElseThrow(() -> new RoundLoop.NoSuchIncident(uuid));
    return incidents.write(inc);
  }

  private Object campaign(String id) {
    return state.get().campaigns().stream().filter(c -> c.id().equals(id)).findFirst().map(CampaignJson::of)
        .orElseThrow(() -> new CampaignException(CampaignException.Kind.NOT_FOUND, "no campaign " + id));
  }

  private boolean change(Request request, String path, Response response, Callback callback) throws Exception {
    if (!request.getMethod().equals("POST")) {
      response.getHeaders().put(HttpHeader.ALLOW, "GET, POST");
      return HttpJson.error(response, callback, 405, "method-not-allowed", request.getMethod() + " is not supported on " + path);
    }
    String body = HttpJson.body(request);
    String query = request.getHttpURI().getQuery();
    Authenticator.Decision who = auth.decide("POST", query == null ? path : path + "?" + query, body, request.getHeaders().get(Authenticator.SALT_HEADER),
        request.getHeaders().get(RequestSignature.NONCE_HEADER),
        request.getHeaders().get(Authenticator.HMAC_HEADER), request.getHeaders().get(HttpHeader.AUTHORIZATION));
    if (who.status() != 200) {
      if (who.status() == 401) {
        response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Basic realm=\"maintd\"");
      }
      return HttpJson.error(response, callback, who.status(), who.status() == 401 ? "unauthorized" : "forbidden", who.reason());
    }
    Object result = post(path, Request.extractQueryParameters(request), body, who.who());
    if (result == null) {
      return HttpJson.error(response, callback, 404, "not-found", "no such resource: POST " + path);
    }
    return HttpJson.send(response, callback, 200, result);
  }

  private Object post(String path, Fields query, String body, String who) throws Exception {
    if (path.equals("/1/machines/up")) {
      return loop.up(MachineRequest.hostnames(json(body)), QueryFlags.flag(query, "force"), who).stream()
          .map(MachineJson::of).toList();
    }
    if (path.startsWith("/1/incidents/") && path.endsWith("/cancel")) {
      return incidents.write(loop.cancel(between(path, "/1/incidents/", "/cancel"), who));
    }
    if (path.startsWith("/1/incidents/") && path.endsWith("/ack")) {
      Incident inc = loop.acknowledge(between(path, "/1/incidents/", "/ack"), who);
      return Map.of("uuid", inc.uuid().toString(), "node", inc.node(), "removed_tag", inc.tag());
    }
    if (path.equals("/1/campaigns")) {
      return CampaignJson.of(loop.startCampaign(CampaignRequest.read(object(body)), who));
    }
    if (path.startsWith("/1/campaigns/") && path.indexOf('/', "/1/campaigns/".length()) > 0) {
      String rest = path.substring("/1/campaigns/".length());
      String id = rest.substring(0, rest.indexOf('/'));
      return CampaignJson.of(loop.campaignCommand(id, rest.substring(rest.indexOf('/') + 1), who));
    }
    if (path.equals("/1/pause") || path.equals("/1/resume")) {
      loop.setPaused(path.equals("/1/pause"), who);
      return paused();
    }
    if (path.startsWith("/1/sim/")) {
      if (sim == null) {
        throw new IncidentException("the simulated cluster controls are only available with backend: sim");
      }
      Map<?, ?> json = object(body);
      return switch (path) {
        case "/1/sim/diagnose" -> sim.diagnose(json);
        case "/1/sim/fail" -> sim.fail(json);
        case "/1/sim/tags" -> sim.tag(json);
        case "/1/sim/power-on" -> sim.powerOn(json);
        default -> null;
      };
    }
    return null;
  }

  private static String between(String path, String prefix, String suffix) {
    return path.substring(prefix.length(), path.length() - suffix.length());
  }

  private static Map<?, ?> object(String body) {
    if (json(body) instanceof Map<?, ?> map) {
      return map;
    }
    throw new IllegalArgumentException("request body must be a JSON object");
  }

  private static Object json(String body) {
    try {
      return Json.parse(body);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("request body is not JSON: " + e.getOriginalMessage());
    }
  }
}
