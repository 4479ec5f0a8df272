package org.maintd.cli.command;

import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.maintd.cli.client.ApiClient;
import org.maintd.cli.client.ApiException;
import org.maintd.cli.wait.Look;
import org.maintd.protocol.api.RebootView;

/**
 * One look at a reboot request, as {@code GET /1/nodes/<node>/reboot} shows it: its status and the
 * node's power cycle ({@code node6: evacuating (evacuate, power on)}); done when the request is
 * done and its cycle has brought the node back (undrained: a request is done as soon as its node
 * has powered on), or when it holds its node off (a keyed request: held until released) or when
 * other keys still do (a released one), as the command asks; failed with the last word of its
 * history. Not thread-safe.
 */
final class RebootWait implements Supplier<Look<RebootView>> {
  /** Where a request's wait ends, beside done and failed. */
  enum Until {
    /** Done: a one-shot reboot. */
    DONE,
    /** Held off under its key: a keyed reboot. */
    HELD,
    /** Still held off by other keys: a released key. */
    HELD_BY_OTHERS
  }

  /** The phases of a cycle that still brings its node back after its requests are done. */
  private static final Set<String> BRINGING_BACK = Set.of("on", "undrain");

  private final ApiClient client;
  private final String path;
  private final String id;
  private final Until until;

  /** Looks at request {@code id} at the node's reboot resource {@code path}. */
  RebootWait(ApiClient client, String path, String id, Until until) {
    this.client = client;
    this.path = path;
    this.id = id;
    this.until = until;
  }

  @Override
  public Look<RebootView> get() {
    RebootView.NodeReboots n = client.get(path, RebootView.NodeReboots.class);
    RebootView r =
        n.requests().stream()
            .filter(x -> x.id().equals(id))
            .findFirst()
            .orElseThrow(
                () ->
                    new ApiException(
                        "reboot request "
                            + id
                            + " of "
                            + n.node()
                            + " is no longer kept (see maintctl reboots)"));
    String line = n.node() + ": " + r.status() + " (" + n.phase() + ", power " + n.power() + ")";
    if (r.status().equals("failed")) {
      return Look.failed(
          r, line, "reboot request " + id + " of " + n.node() + " failed: " + why(r));
    }
    if (r.status().equals("done") && !BRINGING_BACK.contains(n.phase())) {
      return Look.done(r, line);
    }
    if (until == Until.HELD && r.status().equals("held")) {
      return Look.done(r, line);
    }
    if (until == Until.HELD_BY_OTHERS && n.held() && !n.keys().isEmpty()) {
      return Look.done(r, n.node() + ": stays off, still held by " + String.join(", ", n.keys()));
    }
    return Look.going(line);
  }

  private static String why(RebootView r) {
    List<RebootView.Event> h = r.history();
    return h.isEmpty() ? "(no history)" : h.get(h.size() - 1).detail();
  }
}
