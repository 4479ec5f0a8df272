package org.maintd.daemon.http;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.jetty.util.Fields;
import org.maintd.campaign.CampaignException;
import org.maintd.daemon.backend.sim.SimBackend;
import org.maintd.protocol.state.IncidentCodec;
import org.maintd.daemon.metrics.DaemonMetrics;
import org.maintd.daemon.round.DaemonHealth;
import org.maintd.daemon.round.NodeBoard;
import org.maintd.daemon.round.RoundLoop;
import org.maintd.daemon.round.StateHolder;
import org.maintd.incident.Incident;
import org.maintd.spi.MaintdState;
import org.maintd.http.Router;

/**
 * Every endpoint of the daemon's API and what it does: reads ({@code GET}, open to all) and changes
 * ({@code POST}, authenticated by the {@link ApiHandler} before they run). The simulated cluster's
 * controls exist only with the {@code sim} backend. Thread-safe: reads see the latest stored state.
 */
final class ApiRoutes {
  /** What one endpoint does with a request. */
  @FunctionalInterface
  interface Action {
    Object run(Call call) throws Exception;
  }

  /** One request: the route's parameters, the query, the body (changes only) and who sent it. */
  record Call(Router.Match<Action> match, Fields query, String body, String who) {
    String param(String name) {
      return match.param(name);
    }
  }

  /** An answer that is not JSON. */
  record Text(String contentType, String body) {}

  private final StateHolder state;
  private final RoundLoop loop;
  private final NodeBoard board;
  private final DaemonHealth health;
  private final DaemonMetrics metrics;
  private final IncidentCodec incidents = new IncidentCodec();

  private ApiRoutes(StateHolder state, RoundLoop loop, NodeBoard board, DaemonHealth health, DaemonMetrics metrics) {
    this.state = state;
    this.loop = loop;
    this.board = board;
    this.health = health;
    this.metrics = metrics;
  }

  static Router<Action> of(StateHolder state, RoundLoop loop, NodeBoard board, DaemonHealth health, SimBackend sim,
      DaemonMetrics metrics) {
    ApiRoutes api = new ApiRoutes(state, loop, board, health, metrics);
    Router<Action> r = new Router<>();
    r.add("GET", "/", c -> List.of(1));
    r.add("GET", "/1/status", c -> state.get().incidents().stream().map(api.incidents::write).toList());
    r.add("GET", "/1/incidents/{uuid}", c -> api.incidents.write(api.incident(c.param("uuid"))));
    r.add("GET", "/1/jobs", c -> loop.jobs());
    r.add("GET", "/1/evacuated", c -> state.get().evacuated());
    r.add("GET", "/1/nodes", c -> NodeViews.of(board.cluster(), board.readings(), state.get()));
    r.add("GET", "/1/instances", c -> InstanceViews.of(board.cluster()));
    r.add("GET", "/1/health", c -> health.toJson());
    r.add("GET", "/1/paused", c -> api.paused());
    r.add("GET", "/1/plan", c -> PlanJson.of(loop.lastPlan()));
    r.add("GET", "/1/roll", c -> RollQuery.plan(board.cluster(), c.query()));
    r.add("GET", "/1/campaigns", c -> state.get().campaigns().stream().map(CampaignJson::of).toList());
    r.add("GET", "/1/campaigns/{id}", c -> CampaignJson.of(api.campaign(c.param("id"))));
    r.add("GET", "/metrics", c -> new Text("text/plain; version=0.0.4; charset=utf-8", metrics.scrape()));
    r.add("POST", "/1/incidents/{uuid}/cancel", c -> api.incidents.write(loop.cancel(c.param("uuid"), c.who())));
    r.add("POST", "/1/incidents/{uuid}/ack", c -> api.acknowledge(c));
    r.add("POST", "/1/pause", c -> api.pause(true, c.who()));
    r.add("POST", "/1/resume", c -> api.pause(false, c.who()));
    r.add("POST", "/1/machines/up", c -> loop.up(MachineRequest.hostnames(JsonBody.any(c.body())),
        QueryFlags.flag(c.query(), "force"), c.who()).stream().map(MachineJson::of).toList());
    r.add("POST", "/1/campaigns", c -> CampaignJson.of(loop.startCampaign(CampaignRequest.read(JsonBody.object(c.body())), c.who())));
    for (String action : List.of("pause", "resume", "abort")) {
      r.add("POST", "/1/campaigns/{id}/" + action, c -> CampaignJson.of(loop.campaignCommand(c.param("id"), action, c.who())));
    }
    if (sim != null) {
      SimControl control = new SimControl(sim);
      r.add("GET", "/1/sim/jobs", c -> control.jobs());
      r.add("POST", "/1/sim/diagnose", c -> control.diagnose(JsonBody.object(c.body())));
      r.add("POST", "/1/sim/fail", c -> control.fail(JsonBody.object(c.body())));
      r.add("POST", "/1/sim/tags", c -> control.tag(JsonBody.object(c.body())));
      r.add("POST", "/1/sim/power-on", c -> control.powerOn(JsonBody.object(c.body())));
    }
    return r;
  }

  private Map<String, Object> paused() {
    MaintdState s = state.get();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("paused", s.paused());
    m.put("reason", s.pauseReason());
    m.put("storm", loop.storm());
    return m;
  }

  private Map<String, Object> pause(boolean paused, String who) {
    loop.setPaused(paused, who);
    return paused();
  }

  private Map<String, Object> acknowledge(Call c) {
    Incident inc = loop.acknowledge(c.param("uuid"), c.who());
    return Map.of("uuid", inc.uuid().toString(), "node", inc.node(), "removed_tag", inc.tag());
  }

  private Incident incident(String uuid) {
    return state.get().incidents().stream().filter(i -> i.uuid().toString().equals(uuid)).findFirst()
        .orElseThrow(() -> new RoundLoop.NoSuchIncident(uuid));
  }

  private org.maintd.campaign.Campaign campaign(String id) {
    return state.get().campaigns().stream().filter(c -> c.id().equals(id)).findFirst()
        .orElseThrow(() -> new CampaignException(CampaignException.Kind.NOT_FOUND, "no campaign " + id));
  }
}
