package org.maintd.daemon.http;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Supplier;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.http.HttpError;
import org.maintd.http.Router;
import org.maintd.protocol.api.RehearsalBody;
import org.maintd.protocol.api.RehearsalView;
import org.maintd.rehearse.Act;
import org.maintd.rehearse.RehearsalReport;

/**
 * {@code POST /1/rehearsals}: one act played on a copy of the view the request reads (the last
 * snapshot and the state), authenticated as every change is and admitted where changes are (the
 * leader), changing nothing: the answer is what would happen, and is kept as the last rehearsal
 * ({@link LastRehearsal}). The nodes of an act about nodes are named as the reboot endpoints name
 * them ({@link KnownNode}): an unknown one among several is refused by its name before anything is
 * played; a schedule or a campaign is refused as its own endpoint refuses it. {@code GET
 * /1/rehearsals/last}: the last rehearsal played, rendered once; 404 before the first. Thread-safe.
 */
public final class RehearsalRoutes implements RouteSet {
  private final Supplier<DaemonView> view;
  private final Runnable admit;
  private final Player player;
  private final LastRehearsal last;
  private final Clock clock;
  private final RenderCache rendered = new RenderCache(1);

  /**
   * Plays an act on a copy of a view and says what would happen; throws the refusal of the act's
   * command as the daemon would refuse it. Implementations must be thread-safe.
   */
  @FunctionalInterface
  public interface Player {
    RehearsalReport play(DaemonView view, Act act);
  }

  /**
   * The routes over the published {@code view}, admitting a rehearsal where {@code admit} does,
   * played by {@code player}, each kept in {@code last} with the time on {@code clock} it was
   * asked.
   */
  public RehearsalRoutes(
      Supplier<DaemonView> view, Runnable admit, Player player, LastRehearsal last, Clock clock) {
    this.view = view;
    this.admit = admit;
    this.player = player;
    this.last = last;
    this.clock = clock;
  }

  @Override
  public void addTo(Router<ApiAction> r) {
    r.add("POST", "/1/rehearsals", ApiAction.admitted(admit, this::rehearse));
    r.add("GET", "/1/rehearsals/last", c -> last());
  }

  private RehearsalView rehearse(ApiCall c) {
    Instant asked = clock.instant();
    RehearsalBody body = c.body(RehearsalBody.class);
    Optional<Act> whole = body.whole(c.who());
    DaemonView v = view.get();
    Act act =
        whole.isPresent()
            ? whole.get()
            : body.act(
                body.named().stream().map(n -> KnownNode.of(v.cluster(), n)).toList(), c.who());
    RehearsalView played = RehearsalView.of(player.play(v, act));
    last.publish(asked, c.who(), played);
    return played;
  }

  private Rendered last() {
    LastRehearsal.Kept kept =
        last.get()
            .orElseThrow(
                () -> HttpError.notFound("no rehearsal has been played since the daemon started"));
    return rendered.get(kept, "/1/rehearsals/last", () -> ApiRoutes.render(kept.view()));
  }
}
