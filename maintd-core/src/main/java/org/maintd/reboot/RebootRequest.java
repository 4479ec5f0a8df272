package org.maintd.reboot;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A client's request to reboot {@code node}: once ({@code key} empty: satisfied when the node has
 * powered on after {@code pendingRebootSince}) or held ({@code key}: the node is kept off until the
 * key is released, and until every other key holding it is). {@code evacuate} false skips the drain
 * and evacuation. {@code pendingRebootSince} is when the daemon accepted it, by its own clock;
 * {@code cycle} the node's power cycle it joined (empty: none yet), whose own power-on satisfies
 * it. Immutable; its single-value withers ({@code withStatus}, ...) are generated.
 */
@RecordBuilder
public record RebootRequest(
    String id,
    String node,
    RebootMode mode,
    Optional<String> key,
    String reason,
    boolean evacuate,
    String who,
    RequestStatus status,
    boolean released,
    Instant pendingRebootSince,
    Optional<String> cycle,
    List<RequestEvent> history)
    implements RebootRequestBuilder.With {

  public RebootRequest {
    key = key == null ? Optional.empty() : key;
    cycle = cycle == null ? Optional.empty() : cycle;
    reason = reason == null ? "" : reason;
    history = List.copyOf(history);
  }

  /** Request {@code id}, what {@code ask} asks, accepted {@code now}: pending. */
  public static RebootRequest accepted(String id, RebootAsk ask, Instant now) {
    return RebootRequestBuilder.builder()
        .id(id)
        .node(ask.node())
        .mode(ask.mode())
        .key(ask.key())
        .reason(ask.reason())
        .evacuate(ask.evacuate())
        .who(ask.who())
        .status(RequestStatus.PENDING)
        .released(false)
        .pendingRebootSince(now)
        .cycle(Optional.empty())
        .history(List.of())
        .build()
        .event(
            now,
            "accepted from " + ask.who() + (ask.reason().isEmpty() ? "" : ": " + ask.reason()));
  }

  /** Whether it still holds its node off: keyed, not released, not ended. */
  public boolean holds() {
    return key.isPresent() && !released && !status.ended();
  }

  public boolean active() {
    return !status.ended();
  }

  /** Whether it has the key {@code k}. */
  public boolean hasKey(String k) {
    return key.filter(k::equals).isPresent();
  }

  /** This request at {@code next}, with why in its history; the same when it is there already. */
  public RebootRequest to(RequestStatus next, Instant now, String detail) {
    if (next == status) {
      return this;
    }
    return withStatus(next).event(now, detail);
  }

  /** Its key released by {@code by}: it holds the node no longer. */
  public RebootRequest release(String by, Instant now) {
    return withReleased(true).event(now, "key " + key.orElse("") + " released by " + by);
  }

  /**
   * This request joined to the node's cycle {@code cycleId}, at {@code next}, said in its history.
   */
  RebootRequest joinedTo(String cycleId, RequestStatus next, Instant now) {
    return withCycle(Optional.of(cycleId)).withStatus(next).event(now, "joins " + cycleId);
  }

  /**
   * This request out of a cycle whose power-on came before it ({@code why}): pending again, for the
   * node's next power cycle.
   */
  RebootRequest leftFor(String why, Instant now) {
    return withCycle(Optional.empty()).withStatus(RequestStatus.PENDING).event(now, why);
  }

  /** Whether it belongs to the cycle {@code id}. */
  public boolean in(String id) {
    return cycle.filter(id::equals).isPresent();
  }

  private RebootRequest event(Instant at, String detail) {
    List<RequestEvent> copy = new ArrayList<>(history);
    copy.add(new RequestEvent(at, status.wireName(), detail));
    return withHistory(copy);
  }
}
