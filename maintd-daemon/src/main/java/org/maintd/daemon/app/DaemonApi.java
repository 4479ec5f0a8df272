package org.maintd.daemon.app;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.maintd.daemon.backend.BackendPlugin;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.http.ApiPart;
import org.maintd.daemon.http.ApiRoutes;
import org.maintd.daemon.http.ApiServer;
import org.maintd.daemon.http.Authenticator;
import org.maintd.daemon.http.NotifyRoutes;
import org.maintd.daemon.metrics.DaemonMetrics;
import org.maintd.daemon.notify.NotifyPart;
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
      Clock clock) {
    return new ApiPart(
        ApiServer.newServer(
            config.bind(),
            config.port(),
            ApiRoutes.of(
                new ApiRoutes.Sources(
                    served, acting, health, metrics::scrape, plugin.backend()::htoolsReading),
                java.util.stream.Stream.concat(
                        plugin.routes().stream(),
                        java.util.stream.Stream.of(
                            new org.maintd.daemon.http.InstanceRoutes(
                                served, config.instanceHealth(), clock),
                            new NotifyRoutes(
                                () -> notifications.map(NotifyPart::test).orElse(Map.of()))))
                    .toList()),
            new Authenticator(
                verifier,
                config.usersFile(),
                clock,
                usedSignatures.apply(Authenticator.window(verifier))),
            new ApiServer.Limits(config.http().idleTimeout(), config.http().maxRequestBody()),
            tls,
            () -> served.readHeaders(clock.instant())),
        clock);
  }
}
