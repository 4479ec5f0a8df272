package org.maintd.daemon.http;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignException;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.runner.Commands;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.http.HttpError;
import org.maintd.http.Router;
import org.maintd.incident.Incident;
import org.maintd.maintenance.Schedule;
import org.maintd.protocol.api.AckView;
import org.maintd.protocol.api.BroughtUpView;
import org.maintd.protocol.api.CampaignRequest;
import org.maintd.protocol.api.CampaignView;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.api.IncidentView;
import org.maintd.protocol.api.InstanceView;
import org.maintd.protocol.api.JobNumbers;
import org.maintd.protocol.api.MaintenanceStatusView;
import org.maintd.protocol.api.NodeView;
import org.maintd.protocol.api.PausedView;
import org.maintd.protocol.api.PlanView;
import org.maintd.protocol.api.RequestBodies;
import org.maintd.protocol.api.ScheduleBody;
import org.maintd.protocol.api.SchedulePostedView;
import org.maintd.protocol.api.TakenDownView;
import org.maintd.round.Answers;
import org.maintd.round.Command;
import org.maintd.round.PlanSnapshot;

/**
 * Every endpoint of the daemon's API and what it does: reads ({@code GET}, open to all) answer from
 * the view the runner published last and never wait for it; changes ({@code POST}, authenticated by
 * the {@link ApiHandler} before they run) are operator commands, applied by the runner's next step
 * and answered after it. Each answers one of maintd-protocol's records. Thread-safe.
 */
public final class ApiRoutes {
  /** What the routes read and where commands go. */
  public record Sources(
      Supplier<DaemonView> view,
      Commands commands,
      Supplier<HealthView> health,
      Supplier<String> metrics) {}

  private final Sources sources;

  private ApiRoutes(Sources sources) {
    this.sources = sources;
  }

  /** The API's routes over {@code sources}, with the endpoints {@code extras} add. */
  public static Router<ApiAction> of(Sources sources, List<RouteSet> extras) {
    ApiRoutes api = new ApiRoutes(sources);
    Router<ApiAction> r = new Router<>();
    api.reads(r);
    api.changes(r);
    new RebootRoutes(sources).addTo(r);
    extras.forEach(e -> e.addTo(r));
    return r;
  }

  private void reads(Router<ApiAction> r) {
    r.add("GET", "/", c -> List.of(1));
    r.add("GET", "/1/status", c -> status());
    r.add("GET", "/1/incidents/{uuid}", c -> shown(incident(c.param("uuid"))));
    r.add("GET", "/1/jobs", c -> JobNumbers.of(view().jobs()));
    r.add("GET", "/1/evacuated", c -> view().state().evacuated());
    r.add("GET", "/1/nodes", c -> NodeView.of(view().cluster(), view().readings(), view().state()));
    r.add("GET", "/1/instances", c -> InstanceView.of(view().cluster()));
    r.add("GET", "/1/health", c -> health());
    r.add("GET", "/1/paused", c -> paused());
    r.add("GET", "/1/plan", c -> plan());
    r.add("GET", "/1/roll", c -> RollQuery.plan(view().cluster(), c.query()));
    r.add(
        "GET",
        "/1/campaigns",
        c -> view().state().campaigns().stream().map(CampaignView::of).toList());
    r.add("GET", "/1/campaigns/{id}", c -> CampaignView.of(campaign(c.param("id"))));
    r.add(
        "GET",
        "/1/maintenance/schedule",
        c -> ScheduleBody.of(view().state().maintenance().schedule()));
    r.add(
        "GET",
        "/1/maintenance/status",
        c -> MaintenanceStatusView.of(view().cluster(), view().state().maintenance()));
    r.add(
        "GET",
        "/metrics",
        c -> new ApiText("text/plain; version=0.0.4; charset=utf-8", sources.metrics().get()));
  }

  /**
   * The operator's commands: each refused before it is authenticated when this daemon cannot apply
   * commands (a standby names the leader), so that the same signed request can go on to the leader.
   */
  private void changes(Router<ApiAction> r) {
    command(
        r,
        "/1/incidents/{uuid}/cancel",
        c -> shown((Incident) apply(new Command.Cancel(c.param("uuid"), c.who()))));
    command(
        r,
        "/1/incidents/{uuid}/ack",
        c -> ack((Answers.Acknowledged) apply(new Command.Acknowledge(c.param("uuid"), c.who()))));
    command(r, "/1/pause", c -> paused((Answers.Paused) apply(new Command.Pause(true, c.who()))));
    command(r, "/1/resume", c -> paused((Answers.Paused) apply(new Command.Pause(false, c.who()))));
    command(
        r,
        "/1/machines/up",
        c ->
            up(
                apply(
                    new Command.MachinesUp(
                        MachineRequest.hostnames(c.body()),
                        QueryFlags.flag(c.query(), "force"),
                        c.who()))));
    command(
        r,
        "/1/campaigns",
        c ->
            CampaignView.of(
                (Campaign)
                    apply(
                        new Command.StartCampaign(c.body(CampaignRequest.class).spec(), c.who()))));
    command(
        r,
        "/1/machines/down",
        c ->
            down(
                apply(
                    new Command.MachinesDown(
                        MachineRequest.hostnames(c.body()),
                        QueryFlags.flag(c.query(), "force"),
                        c.who()))));
    command(
        r,
        "/1/maintenance/schedule",
        c ->
            posted(
                apply(
                    new Command.PostSchedule(
                        RequestBodies.bind(c.body(), ScheduleBody.class).schedule(), c.who()))));
    r.add(
        "DELETE",
        "/1/maintenance/schedule",
        ApiAction.admitted(
            sources.commands()::admit,
            c -> posted(apply(new Command.PostSchedule(Schedule.empty(), c.who())))));
    for (String action : List.of("pause", "resume", "abort")) {
      command(
          r,
          "/1/campaigns/{id}/" + action,
          c ->
              CampaignView.of(
                  (Campaign) apply(new Command.CampaignAction(c.param("id"), action, c.who()))));
    }
  }

  private void command(Router<ApiAction> r, String path, ApiAction action) {
    r.add("POST", path, ApiAction.admitted(sources.commands()::admit, action));
  }

  private DaemonView view() {
    return sources.view().get();
  }

  private Object apply(Command command) {
    return sources.commands().apply(command);
  }

  private ApiResponse health() {
    HealthView h = sources.health().get();
    return new ApiResponse(h.serving() ? 200 : 503, h);
  }

  private PausedView paused() {
    DaemonView v = view();
    return new PausedView(v.state().paused(), v.state().pauseReason(), v.storm());
  }

  private PausedView paused(Answers.Paused answer) {
    return new PausedView(answer.paused(), answer.reason(), view().storm());
  }

  private static AckView ack(Answers.Acknowledged a) {
    return new AckView(a.incident().uuid().toString(), a.incident().node(), a.removedTag());
  }

  private static List<BroughtUpView> up(Object answer) {
    return ((List<?>) answer)
        .stream()
            .map(Answers.BroughtUp.class::cast)
            .map(
                u ->
                    new BroughtUpView(
                        u.node(),
                        "UP",
                        u.job(),
                        u.canceled().stream().map(Object::toString).toList()))
            .toList();
  }

  private static List<TakenDownView> down(Object answer) {
    return ((List<?>) answer)
        .stream()
            .map(Answers.TakenDown.class::cast)
            .map(d -> new TakenDownView(d.node(), "DOWN", d.job()))
            .toList();
  }

  private static SchedulePostedView posted(Object answer) {
    Answers.SchedulePosted p = (Answers.SchedulePosted) answer;
    return SchedulePostedView.of(p.schedule(), p.warnings(), p.released());
  }

  private PlanView plan() {
    PlanSnapshot p = view().plan();
    return PlanView.of(
        p.at(),
        p.round(),
        p.held(),
        p.jobs(),
        p.incidents(),
        p.waitingIncidents(),
        p.items(),
        p.plannedWorkHeld());
  }

  /** Every incident as shown, the node uuids looked up once for all of them. */
  private List<IncidentView> status() {
    DaemonView v = view();
    Map<String, String> uuids = nodeUuids(v.cluster());
    return v.state().incidents().stream()
        .map(i -> IncidentView.of(i, uuids.get(i.node())))
        .toList();
  }

  /** {@code i} as shown, with its node's uuid from the latest snapshot of the cluster. */
  private IncidentView shown(Incident i) {
    return IncidentView.of(i, nodeUuids(view().cluster()).get(i.node()));
  }

  /** Each node's uuid by its name; none before the first snapshot of the cluster. */
  private static Map<String, String> nodeUuids(Cluster cluster) {
    Map<String, String> uuids = new HashMap<>();
    if (cluster != null) {
      cluster.nodes().forEach(n -> uuids.put(n.name(), n.uuid()));
    }
    return uuids;
  }

  private Incident incident(String uuid) {
    return view().state().incidents().stream()
        .filter(i -> i.uuid().toString().equals(uuid))
        .findFirst()
        .orElseThrow(() -> HttpError.notFound("no incident " + uuid));
  }

  private Campaign campaign(String id) {
    return view().state().campaigns().stream()
        .filter(c -> c.id().equals(id))
        .findFirst()
        .orElseThrow(
            () -> new CampaignException(CampaignException.Kind.NOT_FOUND, "no campaign " + id));
  }
}
