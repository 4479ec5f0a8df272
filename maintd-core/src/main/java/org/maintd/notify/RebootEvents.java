package org.maintd.notify;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maintd.reboot.RebootRequest;
import org.maintd.reboot.RequestStatus;

/**
 * The events of reboot requests between two states: held (a request that came to {@code held}: its
 * node is off, or offline, under its key) and released (its key released). Each is known by the
 * request's id. Stateless.
 */
final class RebootEvents {
  private RebootEvents() {}

  static List<Event> between(List<RebootRequest> before, List<RebootRequest> after, Instant now) {
    Map<String, RebootRequest> known = ByKey.lastOf(before, RebootRequest::id);
    List<Event> out = new ArrayList<>();
    for (RebootRequest r : after) {
      RebootRequest was = known.get(r.id());
      if (r.status() == RequestStatus.HELD && (was == null || was.status() != RequestStatus.HELD)) {
        out.add(event(EventKind.REBOOT_HELD, r, now, "holds node " + r.node() + " off"));
      }
      if (r.released() && r.key().isPresent() && (was == null || !was.released())) {
        out.add(event(EventKind.REBOOT_RELEASED, r, now, "released node " + r.node()));
      }
    }
    return out;
  }

  private static Event event(EventKind kind, RebootRequest r, Instant now, String what) {
    return Event.of(
        kind,
        r.id(),
        now,
        r.node(),
        "reboot request " + r.id() + " with key " + r.key().orElse("") + " " + what);
  }
}
