package org.maintd.daemon.ui;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.maintd.daemon.http.ApiAction;
import org.maintd.daemon.http.ApiCall;
import org.maintd.daemon.http.LastRehearsal;
import org.maintd.daemon.http.ListReads;
import org.maintd.daemon.http.RenderCache;
import org.maintd.daemon.http.Rendered;
import org.maintd.daemon.http.RouteSet;
import org.maintd.daemon.http.ViewMemo;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.health.HealthSettings;
import org.maintd.http.HttpError;
import org.maintd.http.Router;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.api.IncidentView;
import org.maintd.protocol.api.InstanceView;

/**
 * The status page's routes: {@code GET /ui} (the whole page, which its script polls), {@code GET
 * /ui/incidents/<uuid>} (one incident and its history) and {@code GET /ui/assets/<file>} (its
 * script and style). Each page is rendered once per published view, request, leadership and last
 * rehearsal ({@link RenderCache}), and answered with an entity tag made from its bytes, so that a
 * poll of an unchanged page is a 304. Thread-safe.
 */
public final class UiRoutes implements RouteSet {
  private static final String HTML = "text/html; charset=utf-8";

  private final Supplier<DaemonView> view;
  private final Supplier<HealthView> health;
  private final HealthSettings settings;
  private final Clock clock;
  private final LastRehearsal rehearsal;
  private final Templates templates = new Templates();
  private final ListReads lists = new ListReads();
  private final RenderCache rendered = new RenderCache(64);
  private final ViewMemo<List<InstanceView>> instances;
  private final Map<String, Rendered> assets =
      Map.of(
          "ui.js", asset("ui.js", "text/javascript; charset=utf-8"),
          "ui.css", asset("ui.css", "text/css; charset=utf-8"));

  /**
   * The page over the published {@code view} and the daemon's {@code health}, instances' health
   * counted with {@code settings} as of {@code clock} (as {@code /1/instances} counts it), and the
   * last {@code rehearsal} played.
   */
  public UiRoutes(
      Supplier<DaemonView> view,
      Supplier<HealthView> health,
      HealthSettings settings,
      Clock clock,
      LastRehearsal rehearsal) {
    this.view = view;
    this.health = health;
    this.settings = settings;
    this.clock = clock;
    this.rehearsal = rehearsal;
    this.instances =
        new ViewMemo<>(
            v -> InstanceView.of(v.cluster(), v.state().health(), settings, clock.instant()));
  }

  @Override
  public void addTo(Router<ApiAction> r) {
    r.add("GET", "/ui", c -> page(c, "page.jte"));
    r.add("GET", "/ui/incidents/{uuid}", this::incident);
    r.add("GET", "/ui/assets/{file}", c -> asset(c.param("file")));
  }

  private Rendered page(ApiCall c, String template) {
    DaemonView v = view.get();
    HealthView h = health.get();
    NodeFilter filter = NodeFilter.of(c.query());
    Optional<LastRehearsal.Kept> played = rehearsal.get();
    return rendered.get(
        v,
        template + filter.currentQuery() + "|" + leadership(h) + "|" + number(played),
        () -> page(templates.render(template, live(v, h, filter, played))));
  }

  private Rendered incident(ApiCall c) {
    DaemonView v = view.get();
    HealthView h = health.get();
    String uuid = c.param("uuid");
    return rendered.get(
        v,
        "incident " + uuid + "|" + leadership(h),
        () -> {
          // an incident's page shows no rehearsal
          LivePage page = live(v, h, NodeFilter.of(c.query()), Optional.empty());
          IncidentView incident =
              page.incidents().stream()
                  .filter(i -> i.uuid().equals(uuid))
                  .findFirst()
                  .orElseThrow(() -> HttpError.notFound("no incident " + uuid));
          return page(templates.render("incident.jte", new IncidentPage(page, incident)));
        });
  }

  /** What one render shows: every instance's health made once per view, whatever the query. */
  private LivePage live(
      DaemonView v, HealthView h, NodeFilter filter, Optional<LastRehearsal.Kept> played) {
    return LivePage.of(v, h, lists, filter, instances.of(v), played);
  }

  /** Which rehearsal since the daemon started {@code played} is: 0 for none. */
  private static long number(Optional<LastRehearsal.Kept> played) {
    return played.map(LastRehearsal.Kept::number).orElse(0L);
  }

  /** A page's HTML with its policies (the page's headers, {@link PagePolicy}). */
  private static Rendered page(String html) {
    return Rendered.of(HTML, html).withHeaders(PagePolicy.HEADERS);
  }

  private Rendered asset(String file) {
    Rendered a = assets.get(file);
    if (a == null) {
      throw HttpError.notFound("no such file of the page: " + file);
    }
    return a;
  }

  /**
   * What the page shows of the daemon's health besides the view: all of it but the time of the last
   * tick (which moves with every tick and is not shown), so that a change of a part's cause, a
   * warning or the last error renders afresh even while the view stays the same.
   */
  private static String leadership(HealthView h) {
    return String.join(
        "|",
        h.state(),
        Boolean.toString(h.leader()),
        String.valueOf(h.leader_url()),
        String.valueOf(h.master()),
        String.valueOf(h.last_error()),
        h.warnings().toString(),
        h.parts().toString());
  }

  private static Rendered asset(String name, String contentType) {
    try (InputStream in = UiRoutes.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the page's " + name + " is missing from the jar");
      }
      return Rendered.of(contentType, new String(in.readAllBytes(), StandardCharsets.UTF_8))
          .withHeaders(PagePolicy.HEADERS);
    } catch (IOException e) {
      throw new UncheckedIOException("the page's " + name + " cannot be read from the jar", e);
    }
  }
}
