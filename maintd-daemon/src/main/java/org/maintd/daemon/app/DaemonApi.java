package org.maintd.daemon.app;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.maintd.daemon.backend.BackendPlugin;
import org.maintd.daemon.backend.sim.SimPlugin;
import org.maintd.daemon.backend.sim.rehearse.RealCluster;
import org.maintd.daemon.backend.sim.rehearse.Rehearsals;
import org.maintd.daemon.backend.sim.rehearse.Stage;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.http.ApiAction;
import org.maintd.daemon.http.ApiPart;
import org.maintd.daemon.http.ApiRoutes;
import org.maintd.daemon.http.ApiServer;
import org.maintd.daemon.http.Authenticator;
import org.maintd.daemon.http.InstanceRoutes;
import org.maintd.daemon.http.LastRehearsal;
import org.maintd.daemon.http.NotifyRoutes;
import org.maintd.daemon.http.RehearsalRoutes;
import org.maintd.daemon.http.RouteSet;
import org.maintd.daemon.metrics.DaemonMetrics;
import org.maintd.daemon.notify.NotifyPart;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.http.Router;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.protocol.signing.UsedSignatures;

/**
 * The daemon's HTTP API as a part: maintd's routes and the backend's, served on {@code bind:port}
 * (with {@code tls} when configured) to the users of {@code usersFile} and to signed requests,
 * whose signatures are remembered where {@code usedSignatures} keeps them.
 */
final class DaemonApi {
  private DaemonApi() {}

  static ApiPart of(
      DaemonConfig config,
      BackendPlugin plugin,
      Acting acting,
      ServedView served,
      Supplier<HealthView> health,
      DaemonMetrics metrics,
      SignatureVerifier verifier,
      Function<Duration, UsedSignatures> usedSignatures,
      Optional<SslContextFactory.Server> tls,
      Optional<NotifyPart> notifications,
      AlertSource alerts,
      Clock clock) {
    LastRehearsal rehearsed = new LastRehearsal();
    List<RouteSet> extras =
        Stream.concat(
                plugin.routes().stream(),
                Stream.of(
                    new InstanceRoutes(served, config.instanceHealth(), clock),
                    new RehearsalRoutes(
                        served,
                        acting::admit,
                        rehearsals(
                                config,
                                alerts,
                                RealCluster.of(plugin.backend()),
                                metrics,
                                clock,
                                served)
                            ::rehearse,
                        rehearsed,
                        clock),
                    new NotifyRoutes(() -> notifications.map(NotifyPart::test).orElse(Map.of())),
                    new org.maintd.daemon.ui.UiRoutes(
                        served, health, config.instanceHealth(), clock, rehearsed)))
            .toList();
    Router<ApiAction> routes =
        ApiRoutes.of(
            new ApiRoutes.Sources(
                served, acting, health, metrics::scrape, plugin.backend()::htoolsReading),
            extras);
    return new ApiPart(
        ApiServer.newServer(
            config.bind(),
            config.port(),
            routes,
            new Authenticator(
                verifier,
                config.usersFile(),
                clock,
                usedSignatures.apply(Authenticator.window(verifier))),
            new ApiServer.Limits(config.http().idleTimeout(), config.http().maxRequestBody()),
            tls,
            () -> served.readHeaders(clock.instant())),
        routes.endpoints(),
        clock);
  }

  /**
   * The rehearsals of {@code POST /1/rehearsals}: the leader's round settings, the simulated
   * cluster's job durations where the cluster's job history has none, the operations the cluster
   * would refuse refused, the daemon's poll interval, the alert interlock's last answer, the
   * daemon's ticks as long as they took on average; each ends on the view the daemon serves then.
   */
  private static Rehearsals rehearsals(
      DaemonConfig config,
      AlertSource alerts,
      RealCluster real,
      DaemonMetrics metrics,
      Clock clock,
      Supplier<DaemonView> served) {
    return new Rehearsals(
        new Stage(
            RoundSettings.of(config),
            SimPlugin.settings(config.sim()),
            config.pollInterval(),
            alerts,
            Stage.MAX_TICKS,
            real,
            metrics::meanTick),
        clock,
        served);
  }
}
