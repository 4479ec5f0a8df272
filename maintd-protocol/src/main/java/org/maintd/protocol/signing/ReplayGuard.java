package org.maintd.protocol.signing;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * Remembers the signatures already accepted, in this process's memory, in canonical form (lowercase
 * hex), so that a signed request is accepted once: resent as it was, with its signature in upper
 * case, or with any other spelling of the same signature, it is a replay. A signature older than
 * {@code window} (twice the allowed clock skew: no older one can still pass the freshness check) is
 * forgotten. Thread-safe.
 */
public final class ReplayGuard implements UsedSignatures {
  private final Duration window;
  private final Map<String, Instant> seen = new HashMap<>();

  public ReplayGuard(Duration window) {
    this.window = window;
  }

  /** Records {@code message}'s signature; false when it was accepted before. */
  @Override
  public synchronized boolean firstUse(SignedMessage message, Instant now) {
    for (Iterator<Instant> it = seen.values().iterator(); it.hasNext(); ) {
      if (it.next().isBefore(now.minus(window))) {
        it.remove();
      }
    }
    return seen.putIfAbsent(message.canonicalHmac(), now) == null;
  }

  @Override
  public synchronized boolean used(SignedMessage message, Instant now) {
    Instant at = seen.get(message.canonicalHmac());
    return at != null && !at.isBefore(now.minus(window));
  }

  /** How many signatures are remembered, for tests and metrics. */
  public synchronized int size() {
    return seen.size();
  }
}
