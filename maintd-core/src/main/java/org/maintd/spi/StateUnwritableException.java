package org.maintd.spi;

/**
 * The state cannot be written where it lives because the place refuses it (a full or read-only
 * disk, a quota, an fsync or rename that fails): what was stored before is still there, whole, and
 * a later write may succeed once the place takes it again. Nothing may be acted on that this write
 * would have stored. Names where and why, as the operating system said it.
 */
public final class StateUnwritableException extends StateUnusableException {
  public StateUnwritableException(String where, String reason, Throwable cause) {
    super(
        "the state cannot be written to "
            + where
            + ": "
            + reason
            + "; the last good state stays there and nothing is submitted until a write succeeds",
        where,
        reason,
        cause);
  }
}
