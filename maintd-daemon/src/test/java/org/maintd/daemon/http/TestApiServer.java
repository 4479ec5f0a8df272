package org.maintd.daemon.http;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.eclipse.jetty.server.Server;
import org.maintd.daemon.runner.Commands;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.htools.HtoolsReader;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.SignatureVerifier;
import org.maintd.round.Command;
import org.maintd.round.PlanSnapshot;
import org.maintd.spi.MaintdState;

/**
 * The API's server alone with its real routes, on port 0, over a test's sources: changes signed
 * with {@code key} (300 s of skew) or with basic auth against {@code users}. Stateless.
 */
public final class TestApiServer {
  private TestApiServer() {}

  /** Started. */
  static Server start(ApiRoutes.Sources sources, HmacKey key, Path users, ApiServer.Limits limits)
      throws Exception {
    return start(sources, List.of(), key, users, limits);
  }

  /** Started, with the routes {@code extras} adds. */
  public static Server start(
      ApiRoutes.Sources sources,
      List<RouteSet> extras,
      HmacKey key,
      Path users,
      ApiServer.Limits limits)
      throws Exception {
    Server server =
        ApiServer.newServer(
            "127.0.0.1",
            0,
            ApiRoutes.of(sources, extras),
            new Authenticator(
                new SignatureVerifier(key, Duration.ofSeconds(300)), users, Clock.systemUTC()),
            limits);
    server.start();
    return server;
  }

  /**
   * A view of the test cluster ({@link TestCluster#CLUSTER}) with {@code state}, planned nothing.
   */
  static DaemonView view(MaintdState state) {
    return new DaemonView(
        state,
        new HtoolsReader().read(TestCluster.CLUSTER, "t"),
        Map.of(),
        PlanSnapshot.none(),
        "");
  }

  /**
   * Commands answered by {@code answers}, as a test gives them: it answers each command the test
   * sends with an answer of the command's type.
   */
  static Commands answering(Function<Command<?>, Object> answers) {
    return new Commands() {
      @Override
      @SuppressWarnings("unchecked") // the test answers each command it sends with its type
      public <R> R apply(Command<R> command) {
        return (R) answers.apply(command);
      }
    };
  }
}
