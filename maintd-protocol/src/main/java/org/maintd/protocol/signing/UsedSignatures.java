package org.maintd.protocol.signing;

import java.time.Instant;

/**
 * The record of signed requests already accepted, so that each is accepted once. A daemon that
 * shares its work with others (a leader and its standbys) keeps it where all of them see it, and
 * records a signature before the change it signs is acted on. Implementations are thread-safe.
 */
public interface UsedSignatures {

  /**
   * Records {@code message}'s signature (in canonical form) as used at {@code now}; false when it
   * was used before within the window in which it can still be fresh. Throws {@link
   * IllegalStateException} saying why when the record cannot be read or written: the request must
   * then be refused, since its replay could not be told.
   */
  boolean firstUse(SignedMessage message, Instant now);

  /**
   * Whether {@code message}'s signature was used before within the window, without recording it (a
   * daemon that will not act on the request says whether it is a replay). Throws {@link
   * IllegalStateException} saying why when the record cannot be read.
   */
  boolean used(SignedMessage message, Instant now);
}
