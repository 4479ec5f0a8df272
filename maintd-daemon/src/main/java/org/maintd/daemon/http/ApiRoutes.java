package org.maintd.daemon.http;

import java.util.List;
import org.eclipse.jetty.util.Fields;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignException;
import org.maintd.daemon.backend.sim.SimBackend;
import org.maintd.daemon.metrics.DaemonMetrics;
import org.maintd.daemon.round.DaemonHealth;
import org.maintd.daemon.round.NodeBoard;
import org.maintd.daemon.round.PlanView;
import org.maintd.daemon.round.RoundLoop;
import org.maintd.daemon.round.StateHolder;
import org.maintd.http.Router;
import org.maintd.incident.Incident;
import org.maintd.protocol.api.AckView;
import org.maintd.protocol.api.BroughtUpView;
import org.maintd.protocol.api.CampaignRequest;
import org.maintd.protocol.api.CampaignView;
import org.maintd.protocol.api.IncidentView;
import org.maintd.protocol.api.InstanceView;
import org.maintd.protocol.api.NodeView;
import org.maintd.protocol.api.PausedView;
import org.maintd.protocol.api.RequestBodies;
import org.maintd.protocol.sim.SimDiagnose;
import org.maintd.protocol.sim.SimFail;
import org.maintd.protocol.sim.SimPowerOn;
import org.maintd.protocol.sim.SimTag;
import org.maintd.spi.MaintdState;

/**
 * Every endpoint of the daemon's API and what it does: reads ({@code GET}, open to all) and changes
 * ({@code POST}, authenticated by the {@link ApiHandler} before they run), each answering one of
 * maintd-protocol's records. The simulated cluster's controls exist only with the {@code sim}
 * backend. Thread-safe: reads see the latest stored state.
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

    <T> T body(Class<T> type) {
      return RequestBodies.bind(body, type);
    }
  }

  /** An answer that is not JSON. */
  record Text(String contentType, String body) {}

  private final StateHolder state;
  private final RoundLoop loop;

  private ApiRoutes(StateHolder state, RoundLoop loop) {
    this.state = state;
    this.loop = loop;
  }

  static Router<Action> of(StateHolder state, RoundLoop loop, NodeBoard board, DaemonHealth health, SimBackend sim,
      DaemonMetrics metrics) {
    ApiRoutes api = new ApiRoutes(state, loop);
    Router<Action> r = new Router<>();
    r.add("GET", "/", c -> List.of(1));
    r.add("GET", "/1/status", c -> state.get().incidents().stream().map(IncidentView::of).toList());
    r.add("GET", "/1/incidents/{uuid}", c -> IncidentView.of(api.incident(c.param("uuid"))));
    r.add("GET", "/1/jobs", c -> loop.jobs());
    r.add("GET", "/1/evacuated", c -> state.get().evacuated());
    r.add("GET", "/1/nodes", c -> NodeView.of(board.cluster(), board.readings(), state.get()));
    r.add("GET", "/1/instances", c -> InstanceView.of(board.cluster()));
    r.add("GET", "/1/health", c -> health.view());
    r.add("GET", "/1/paused", c -> api.paused());
    r.add("GET", "/1/plan", c -> api.plan());
    r.add("GET", "/1/roll", c -> RollQuery.plan(board.cluster(), c.query()));
    r.add("GET", "/1/campaigns", c -> state.get().campaigns().stream().map(CampaignView::of).toList());
    r.add("GET", "/1/campaigns/{id}", c -> CampaignView.of(api.campaign(c.param("id"))));
    r.add("GET", "/metrics", c -> new Text("text/plain; version=0.0.4; charset=utf-8", metrics.scrape()));
    r.add("POST", "/1/incidents/{uuid}/cancel", c -> IncidentView.of(loop.cancel(c.param("uuid"), c.who())));
    r.add("POST", "/1/incidents/{uuid}/ack", c -> api.acknowledge(c));
    r.add("POST", "/1/pause", c -> api.pause(true, c.who()));
    r.add("POST", "/1/resume", c -> api.pause(false, c.who()));
    r.add("POST", "/1/machines/up", c -> loop.up(MachineRequest.hostnames(c.body()), QueryFlags.flag(c.query(), "force"),
        c.who()).stream().map(u -> new BroughtUpView(u.node(), "UP", u.job(),
            u.canceled().stream().map(Object::toString).toList())).toList());
    r.add("POST", "/1/campaigns", c -> CampaignView.of(loop.startCampaign(c.body(CampaignRequest.class).spec(), c.who())));
    for (String action : List.of("pause", "resume", "abort")) {
      r.add("POST", "/1/campaigns/{id}/" + action, c -> CampaignView.of(loop.campaignCommand(c.param("id"), action, c.who())));
    }
    if (sim != null) {
      SimControl control = new SimControl(sim);
      r.add("GET", "/1/sim/jobs", c -> control.jobs());
      r.add("POST", "/1/sim/diagnose", c -> control.diagnose(c.body(SimDiagnose.class)));
      r.add("POST", "/1/sim/fail", c -> control.fail(c.body(SimFail.class)));
      r.add("POST", "/1/sim/tags", c -> control.tag(c.body(SimTag.class)));
      r.add("POST", "/1/sim/power-on", c -> control.powerOn(c.body(SimPowerOn.class)));
    }
    return r;
  }

  private PausedView paused() {
    MaintdState s = state.get();
    return new PausedView(s.paused(), s.pauseReason(), loop.storm());
  }

  private PausedView pause(boolean paused, String who) {
    loop.setPaused(paused, who);
    return paused();
  }

  private org.maintd.protocol.api.PlanView plan() {
    PlanView p = loop.lastPlan();
    return org.maintd.protocol.api.PlanView.of(p.at(), p.round(), p.heldBack(), p.jobs(), p.incidents(), p.items());
  }

  private AckView acknowledge(Call c) {
    Incident inc = loop.acknowledge(c.param("uuid"), c.who());
    return new AckView(inc.uuid().toString(), inc.node(), inc.tag());
  }

  private Incident incident(String uuid) {
    return state.get().incidents().stream().filter(i -> i.uuid().toString().equals(uuid)).findFirst()
        .orElseThrow(() -> new RoundLoop.NoSuchIncident(uuid));
  }

  private Campaign campaign(String id) {
    return state.get().campaigns().stream().filter(c -> c.id().equals(id)).findFirst()
        .orElseThrow(() -> new CampaignException(CampaignException.Kind.NOT_FOUND, "no campaign " + id));
  }
}
