package org.maintd.reboot;

import java.util.Optional;

/**
 * What a client asks: a reboot of {@code node} in {@code mode}, held by {@code key} (empty: a
 * one-shot reboot), why, whether the node is emptied first, whether to go on although the node is
 * in a campaign or has an active incident ({@code force}), and who asks.
 */
public record RebootAsk(
    String node,
    RebootMode mode,
    Optional<String> key,
    String reason,
    boolean evacuate,
    boolean force,
    String who) {
  public RebootAsk {
    key = key == null ? Optional.empty() : key;
    reason = reason == null ? "" : reason;
  }

  /** The same ask of the node named {@code name} (its own name, as the cluster spells it). */
  public RebootAsk on(String name) {
    return new RebootAsk(name, mode, key, reason, evacuate, force, who);
  }
}
