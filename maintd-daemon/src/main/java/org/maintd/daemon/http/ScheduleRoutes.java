package org.maintd.daemon.http;

import java.util.Map;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.http.Router;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.Schedule;
import org.maintd.protocol.api.RequestBodies;
import org.maintd.protocol.api.ScheduleBody;
import org.maintd.protocol.api.SchedulePostedView;
import org.maintd.protocol.json.Json;
import org.maintd.round.Answers;
import org.maintd.round.Command;

/**
 * The endpoints of the maintenance schedule, in Mesos' shape and under its version: {@code GET
 * /1/maintenance/schedule} answers the schedule with {@code ETag: "<version>"} (read from the
 * published view, rendered once per view); {@code POST} replaces it and {@code DELETE} clears it,
 * each only if it is still at a version its {@code If-Match} names (412 otherwise; none given, as
 * Mesos' clients send none, admits any), answering the new {@code ETag}. The changes are
 * authenticated and applied by the runner's next step. Thread-safe.
 */
final class ScheduleRoutes implements RouteSet {
  private static final String PATH = "/1/maintenance/schedule";

  private final ApiRoutes.Sources sources;
  private final RenderCache rendered = new RenderCache(1);

  ScheduleRoutes(ApiRoutes.Sources sources) {
    this.sources = sources;
  }

  @Override
  public void addTo(Router<ApiAction> r) {
    r.add(
        "GET",
        PATH,
        c -> {
          DaemonView v = sources.view().get();
          return rendered.get(v, PATH, () -> render(v.state().maintenance()));
        });
    r.add(
        "POST",
        PATH,
        ApiAction.admitted(
            sources.commands()::admit,
            c ->
                posted(
                    new Command.PostSchedule(
                        RequestBodies.bind(c.body(), ScheduleBody.class).schedule(),
                        IfMatchHeader.parse(c.ifMatch()),
                        c.who()))));
    r.add(
        "DELETE",
        PATH,
        ApiAction.admitted(
            sources.commands()::admit,
            c ->
                posted(
                    new Command.PostSchedule(
                        Schedule.empty(), IfMatchHeader.parse(c.ifMatch()), c.who()))));
  }

  private static Rendered render(Maintenance m) {
    return Rendered.of(
        "application/json",
        Json.write(ScheduleBody.of(m.schedule())) + "\n",
        IfMatchHeader.etag(m.version()));
  }

  private ApiResponse posted(Command<Answers.SchedulePosted> command) {
    Answers.SchedulePosted p = sources.commands().apply(command);
    return new ApiResponse(
        200,
        SchedulePostedView.of(p.schedule(), p.warnings(), p.released(), p.delayed()),
        Map.of("ETag", IfMatchHeader.etag(p.version())));
  }
}
