package org.maintd.daemon.backend;

import java.util.List;
import java.util.function.UnaryOperator;
import org.maintd.daemon.http.RouteSet;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.ReportSource;

/**
 * A cluster backend as the daemon plugs it in: the backend itself, how it sees the collectors'
 * reports (the simulated cluster hides the nodes it has powered off), the endpoints it adds to the
 * API, whether the daemon follows the master role when it moves (only when every node lives in this
 * process), and what to release when the daemon stops.
 */
public record BackendPlugin(
    ClusterBackend backend,
    UnaryOperator<ReportSource> reports,
    List<RouteSet> routes,
    boolean followsMaster,
    AutoCloseable resources) {
  public BackendPlugin {
    routes = List.copyOf(routes);
  }
}
