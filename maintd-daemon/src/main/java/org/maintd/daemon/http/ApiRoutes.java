package org.maintd.daemon.http;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignException;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.runner.Commands;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.http.HttpError;
import org.maintd.http.Router;
import org.maintd.incident.Incident;
import org.maintd.protocol.api.AckView;
import org.maintd.protocol.api.BroughtUpView;
import org.maintd.protocol.api.CampaignRequest;
import org.maintd.protocol.api.CampaignView;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.api.IncidentView;
import org.maintd.protocol.api.MaintenanceStatusView;
import org.maintd.protocol.api.PausedView;
import org.maintd.protocol.api.PlanView;
import org.maintd.protocol.api.TakenDownView;
import org.maintd.protocol.json.Json;
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
  /**
   * What the routes read and where commands go; {@code htools} is the backend's reading of its last
   * snapshot as Ganeti's htools read a cluster, which {@code GET /1/roll} plans from where there is
   * one ({@link org.maintd.spi.ClusterBackend#htoolsReading}).
   */
  public record Sources(
      Supplier<DaemonView> view,
      Commands commands,
      Supplier<HealthView> health,
      Supplier<String> metrics,
      LongFunction<Optional<Cluster>> htools) {}

  private final Sources sources;
  private final RenderCache rendered = new RenderCache(256);
  private final RenderCache renderedMetrics = new RenderCache(1);
  private final ListReads lists = new ListReads();

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
    new ScheduleRoutes(sources).addTo(r);
    new OpenApiRoutes().addTo(r);
    extras.forEach(e -> e.addTo(r));
    return r;
  }

  private void reads(Router<ApiAction> r) {
    r.add("GET", "/", c -> List.of(1));
    read(r, "/1/status", (c, v) -> lists.incidents(v, status(v), c.query()));
    read(r, "/1/incidents/{uuid}", (c, v) -> shown(v, incident(v, c.param("uuid"))));
    read(r, "/1/jobs", (c, v) -> lists.jobs(v, c.query()));
    read(r, "/1/evacuated", (c, v) -> v.state().evacuated());
    read(r, "/1/nodes", (c, v) -> lists.nodes(v, c.query()));
    read(r, "/1/reboots", (c, v) -> lists.reboots(v, c.query()));
    r.add("GET", "/1/health", c -> health());
    read(r, "/1/paused", (c, v) -> paused(v));
    read(r, "/1/plan", (c, v) -> plan(v));
    read(r, "/1/roll", (c, v) -> RollQuery.plan(sources.htools(), v, c.query()));
    read(
        r, "/1/campaigns", (c, v) -> v.state().campaigns().stream().map(CampaignView::of).toList());
    read(r, "/1/campaigns/{id}", (c, v) -> CampaignView.of(campaign(v, c.param("id"))));
    read(
        r,
        "/1/maintenance/status",
        (c, v) -> MaintenanceStatusView.of(v.cluster(), v.state().maintenance()));
    // not kept per view: gauges such as maintd_zookeeper_connected change while no new view is
    // published; the metrics answer the same text while nothing they show changed
    r.add(
        "GET",
        "/metrics",
        c -> {
          String text = sources.metrics().get();
          return renderedMetrics.get(
              text,
              "/metrics",
              () -> render(new ApiText("text/plain; version=0.0.4; charset=utf-8", text)));
        });
  }

  /** What a read answers from the one view its request was given. */
  @FunctionalInterface
  private interface ViewRead {
    Object answer(ApiCall call, DaemonView view);
  }

  /**
   * A read of the published view: the view is read once per request, and its answer is rendered
   * once per view and request ({@link RenderCache}); what the route throws is answered, not kept.
   */
  private void read(Router<ApiAction> r, String path, ViewRead read) {
    r.add(
        "GET",
        path,
        c -> {
          DaemonView v = view();
          return rendered.get(v, path + c.readKey(), () -> render(path, c, read.answer(c, v)));
        });
  }

  /** A list's page with the link to its next page, where there is one; else as any answer. */
  private static Rendered render(String path, ApiCall c, Object answer) {
    if (!(answer instanceof ListAnswer list)) {
      return render(answer);
    }
    Rendered page = render(list.body());
    return list.next()
        .map(after -> page.withLink(NextLink.of(path, c.query(), after)))
        .orElse(page);
  }

  /** {@code answer} as the API writes it: JSON, or the text an {@link ApiText} holds. */
  static Rendered render(Object answer) {
    return answer instanceof ApiText t
        ? Rendered.of(t.contentType(), t.body())
        : Rendered.of("application/json", Json.write(answer) + "\n");
  }

  /**
   * The operator's commands: each refused before it is authenticated when this daemon cannot apply
   * commands (a standby names the leader), so that the same signed request can go on to the leader.
   */
  private void changes(Router<ApiAction> r) {
    command(
        r,
        "/1/incidents/{uuid}/cancel",
        c -> shown(apply(new Command.Cancel(c.param("uuid"), c.who()))));
    command(
        r,
        "/1/incidents/{uuid}/ack",
        c -> ack(apply(new Command.Acknowledge(c.param("uuid"), c.who()))));
    command(r, "/1/pause", c -> paused(apply(new Command.Pause(true, c.who()))));
    command(r, "/1/resume", c -> paused(apply(new Command.Pause(false, c.who()))));
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
                apply(new Command.StartCampaign(c.body(CampaignRequest.class).spec(), c.who()))));
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
    for (String action : List.of("pause", "resume", "abort")) {
      command(
          r,
          "/1/campaigns/{id}/" + action,
          c -> CampaignView.of(apply(new Command.CampaignAction(c.param("id"), action, c.who()))));
    }
  }

  private void command(Router<ApiAction> r, String path, ApiAction action) {
    r.add("POST", path, ApiAction.admitted(sources.commands()::admit, action));
  }

  private DaemonView view() {
    return sources.view().get();
  }

  private <R> R apply(Command<R> command) {
    return sources.commands().apply(command);
  }

  private ApiResponse health() {
    HealthView h = sources.health().get();
    return new ApiResponse(h.serving() ? 200 : 503, h);
  }

  private static PausedView paused(DaemonView v) {
    return new PausedView(v.state().paused(), v.state().pauseReason(), v.storm());
  }

  private PausedView paused(Answers.Paused answer) {
    return new PausedView(answer.paused(), answer.reason(), view().storm());
  }

  private static AckView ack(Answers.Acknowledged a) {
    return new AckView(a.incident().uuid().toString(), a.incident().node(), a.removedTag());
  }

  private static List<BroughtUpView> up(List<Answers.BroughtUp> answer) {
    return answer.stream()
        .map(
            u ->
                new BroughtUpView(
                    u.node(), "UP", u.job(), u.canceled().stream().map(Object::toString).toList()))
        .toList();
  }

  private static List<TakenDownView> down(List<Answers.TakenDown> answer) {
    return answer.stream()
        .map(
            d ->
                new TakenDownView(
                    d.node(),
                    d.mode().name(),
                    d.job().orElse(null),
                    d.outcome(),
                    org.maintd.protocol.api.Times.seconds(d.at())))
        .toList();
  }

  /** The plan of {@code v} as {@code GET /1/plan} shows it. */
  public static PlanView plan(DaemonView v) {
    PlanSnapshot p = v.plan();
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

  /** Every incident as {@code GET /1/status} shows it, the node uuids looked up once for all. */
  public static List<IncidentView> status(DaemonView v) {
    Map<String, String> uuids = nodeUuids(v.cluster());
    return v.state().incidents().stream()
        .map(i -> IncidentView.of(i, uuids.get(i.node())))
        .toList();
  }

  /** {@code i} as shown, with its node's uuid from the latest snapshot of the cluster. */
  private IncidentView shown(Incident i) {
    return shown(view(), i);
  }

  private static IncidentView shown(DaemonView v, Incident i) {
    return IncidentView.of(i, nodeUuids(v.cluster()).get(i.node()));
  }

  /** Each node's uuid by its name; none before the first snapshot of the cluster. */
  private static Map<String, String> nodeUuids(Cluster cluster) {
    Map<String, String> uuids = new HashMap<>();
    if (cluster != null) {
      cluster.nodes().forEach(n -> uuids.put(n.name(), n.uuid()));
    }
    return uuids;
  }

  private static Incident incident(DaemonView v, String uuid) {
    return v.state().incidents().stream()
        .filter(i -> i.uuid().toString().equals(uuid))
        .findFirst()
        .orElseThrow(() -> HttpError.notFound("no incident " + uuid));
  }

  private static Campaign campaign(DaemonView v, String id) {
    return v.state().campaigns().stream()
        .filter(c -> c.id().equals(id))
        .findFirst()
        .orElseThrow(
            () -> new CampaignException(CampaignException.Kind.NOT_FOUND, "no campaign " + id));
  }
}
