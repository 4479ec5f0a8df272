package org.maintd.reboot;

import java.time.Instant;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Admits reboot requests and releases keys, each refusal naming its rule: an unknown node (404); a
 * key that is empty, longer than 64, not of letters, digits, {@code .}, {@code _}, {@code -},
 * {@code :} and {@code @}, or beginning with a dot (400: it is one segment of the release's URL,
 * which must bring it back as it was, so that every key admitted can be released); a hard request
 * where no hard path is configured (409); a key that already holds the node, or a key beyond
 * {@value #MAX_KEYS_PER_NODE} holding one node (409); a node in a campaign or with an active
 * incident, unless forced (409). Releasing a key that holds nothing, or cancelling a request that
 * is not active, is a 404. Stateless.
 */
public final class RebootRules {
  /**
   * A key: 1 to 64 letters, digits, {@code .}, {@code _}, {@code -}, {@code :} or {@code @}, not
   * beginning with a dot, so that it is one segment of the release's URL that comes back as it went
   * (a segment {@code .} or {@code ..} is no segment: URLs resolve it away).
   */
  private static final Pattern KEY = Pattern.compile("[A-Za-z0-9_:@-][A-Za-z0-9._:@-]{0,63}");

  /** The most keys that may hold one node at once. */
  public static final int MAX_KEYS_PER_NODE = 32;

  private final RebootPolicy policy;

  public RebootRules(RebootPolicy policy) {
    this.policy = policy;
  }

  /** Admits {@code ask} as request {@code id}, accepted {@code now}, or says why not. */
  public Admission admit(
      Reboots reboots, RebootAsk ask, NodeStanding node, String id, Instant now) {
    Optional<Refusal> refused = refusal(reboots, ask, node);
    if (refused.isPresent()) {
      return new Admission.Refused(refused.get());
    }
    RebootRequest r = RebootRequest.accepted(id, ask, now);
    return new Admission.Accepted(reboots.add(r), r);
  }

  private Optional<Refusal> refusal(Reboots reboots, RebootAsk ask, NodeStanding node) {
    if (!node.exists()) {
      return refuse(Refusal.Kind.NOT_FOUND, "no node " + ask.node() + " in the cluster");
    }
    if (ask.key().isPresent() && !KEY.matcher(ask.key().get()).matches()) {
      return refuse(
          Refusal.Kind.BAD_REQUEST,
          "key \""
              + ask.key().get()
              + "\": a key is 1 to 64 letters, digits, '.', '_', '-', ':' or '@', not beginning"
              + " with '.' (it is one segment of the release's URL,"
              + " DELETE /1/nodes/<node>/reboot/<key>)");
    }
    if (ask.mode() == RebootMode.HARD && !policy.hardPath()) {
      return refuse(
          Refusal.Kind.CONFLICT,
          "mode hard: no hard path is configured here (reboot.hard); ask for a soft reboot");
    }
    if (node.down()) {
      return refuse(
          Refusal.Kind.CONFLICT,
          "node "
              + ask.node()
              + " is DOWN for maintenance; bring it up first (maintctl up), even to force a"
              + " reboot");
    }
    Optional<RebootRequest> same =
        reboots.activeOf(ask.node()).stream()
            .filter(r -> r.holds() && ask.key().isPresent() && r.hasKey(ask.key().get()))
            .findFirst();
    if (same.isPresent()) {
      return refuse(
          Refusal.Kind.CONFLICT,
          "key "
              + ask.key().get()
              + " already holds node "
              + ask.node()
              + " (request "
              + same.get().id()
              + "); release it first");
    }
    long holding = reboots.activeOf(ask.node()).stream().filter(RebootRequest::holds).count();
    if (ask.key().isPresent() && holding >= MAX_KEYS_PER_NODE) {
      return refuse(
          Refusal.Kind.CONFLICT,
          "node "
              + ask.node()
              + " is held by "
              + holding
              + " keys already, the most one node takes: release one first (maintctl release "
              + ask.node()
              + " KEY)");
    }
    return ask.force() ? Optional.empty() : busy(ask.node(), node);
  }

  private static Optional<Refusal> busy(String name, NodeStanding node) {
    if (node.campaign().isPresent()) {
      return refuse(
          Refusal.Kind.CONFLICT,
          "node "
              + name
              + " is in campaign "
              + node.campaign().get()
              + "; ask with force to reboot it anyway");
    }
    return node.incident()
        .flatMap(
            uuid ->
                refuse(
                    Refusal.Kind.CONFLICT,
                    "node "
                        + name
                        + " has an active incident "
                        + uuid
                        + "; ask with force to reboot it anyway"));
  }

  /** Releases {@code key} on {@code node}: the request it holds with no longer holds it. */
  public Admission release(Reboots reboots, String node, String key, String who, Instant now) {
    Optional<RebootRequest> held =
        reboots.activeOf(node).stream().filter(r -> r.holds() && r.hasKey(key)).findFirst();
    if (held.isEmpty()) {
      return new Admission.Refused(
          new Refusal(
              Refusal.Kind.NOT_FOUND, "no reboot request with key " + key + " holds node " + node));
    }
    RebootRequest released = held.get().release(who, now);
    CycleStep replaced =
        new CycleStep(
            reboots.cycle(node, now),
            java.util.List.of(released),
            Optional.empty(),
            "",
            Optional.empty());
    return new Admission.Accepted(reboots.with(replaced), released);
  }

  /**
   * Cancels the active request {@code id} of {@code node}: it fails, saying who cancelled it; a
   * cycle left without requests before it took its node down brings the node back.
   */
  public Admission cancel(Reboots reboots, String node, String id, String who, Instant now) {
    Optional<RebootRequest> found =
        reboots.activeOf(node).stream().filter(r -> r.id().equals(id)).findFirst();
    if (found.isEmpty()) {
      return new Admission.Refused(
          new Refusal(
              Refusal.Kind.NOT_FOUND, "no active reboot request " + id + " of node " + node));
    }
    RebootRequest canceled = found.get().to(RequestStatus.FAILED, now, "canceled by " + who);
    CycleStep replaced =
        new CycleStep(
            reboots.cycle(node, now),
            java.util.List.of(canceled),
            Optional.empty(),
            "",
            Optional.empty());
    return new Admission.Accepted(reboots.with(replaced), canceled);
  }

  private static Optional<Refusal> refuse(Refusal.Kind kind, String message) {
    return Optional.of(new Refusal(kind, message));
  }
}
