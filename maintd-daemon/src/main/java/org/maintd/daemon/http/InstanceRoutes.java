package org.maintd.daemon.http;

import java.time.Clock;
import java.util.function.Supplier;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.health.HealthSettings;
import org.maintd.http.Router;
import org.maintd.protocol.api.InstanceView;

/**
 * {@code GET /1/instances}: every instance of the last snapshot with its health (as instance health
 * counts it, with its {@code maxTries}) and its auto-repair state. Thread-safe.
 */
public final class InstanceRoutes implements RouteSet {
  private final Supplier<DaemonView> view;
  private final HealthSettings settings;
  private final Clock clock;

  public InstanceRoutes(Supplier<DaemonView> view, HealthSettings settings, Clock clock) {
    this.view = view;
    this.settings = settings;
    this.clock = clock;
  }

  @Override
  public void addTo(Router<ApiAction> r) {
    r.add(
        "GET",
        "/1/instances",
        c -> {
          DaemonView v = view.get();
          return InstanceView.of(v.cluster(), v.state().health(), settings, clock.instant());
        });
  }
}
