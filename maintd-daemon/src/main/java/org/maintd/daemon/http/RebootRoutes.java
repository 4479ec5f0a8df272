package org.maintd.daemon.http;

import org.maintd.daemon.runner.DaemonView;
import org.maintd.http.Router;
import org.maintd.protocol.api.RebootBody;
import org.maintd.protocol.api.RebootView;
import org.maintd.reboot.RebootRequest;
import org.maintd.round.Command;
import org.maintd.spi.CollectorReading;

/**
 * The endpoints of a node's reboot requests ({@code GET /1/reboots}, the list, is a list read of
 * {@link ApiRoutes}): {@code GET /1/nodes/<node>/reboot} (a node's requests, power, {@code
 * pendingRebootSince} and {@code lastPoweredOn}), {@code POST /1/nodes/<node>/reboot} (a request)
 * and {@code DELETE /1/nodes/<node>/reboot/<key>} (a release), {@code POST
 * /1/nodes/<node>/reboot/<id>/cancel} (a request cancelled), the changes authenticated and applied
 * by the runner's next step; a node is named as the cluster names it or in any letter case, a short
 * name for its one qualified name. Thread-safe.
 */
final class RebootRoutes implements RouteSet {
  private final ApiRoutes.Sources sources;

  RebootRoutes(ApiRoutes.Sources sources) {
    this.sources = sources;
  }

  @Override
  public void addTo(Router<ApiAction> r) {
    r.add("GET", "/1/nodes/{node}/reboot", c -> node(c.param("node")));
    r.add(
        "POST",
        "/1/nodes/{node}/reboot",
        ApiAction.admitted(
            sources.commands()::admit,
            c ->
                shown(
                    new Command.RequestReboot(
                        c.body(RebootBody.class).ask(c.param("node"), c.who())))));
    r.add(
        "DELETE",
        "/1/nodes/{node}/reboot/{key}",
        ApiAction.admitted(
            sources.commands()::admit,
            c -> shown(new Command.ReleaseReboot(c.param("node"), c.param("key"), c.who()))));
    r.add(
        "POST",
        "/1/nodes/{node}/reboot/{id}/cancel",
        ApiAction.admitted(
            sources.commands()::admit,
            c -> shown(new Command.CancelReboot(c.param("node"), c.param("id"), c.who()))));
  }

  private RebootView shown(Command<RebootRequest> command) {
    return RebootView.of(sources.commands().apply(command));
  }

  /** The node {@code name} means, whatever its letter case (a short name its qualified one). */
  private RebootView.NodeReboots node(String name) {
    DaemonView v = view();
    String node = KnownNode.of(v.cluster(), name);
    return RebootView.NodeReboots.of(node, power(v.readings().get(node)), v.state().reboots());
  }

  /** On when its collector answered the last poll, off when it did not, unknown before. */
  private static String power(CollectorReading r) {
    if (r == null) {
      return "unknown";
    }
    return r.health().equals("unreachable") ? "off" : "on";
  }

  private DaemonView view() {
    return sources.view().get();
  }
}
