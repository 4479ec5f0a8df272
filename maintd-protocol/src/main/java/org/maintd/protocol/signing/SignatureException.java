package org.maintd.protocol.signing;

/** A signed message was refused; {@link #reason()} is stable and used as a metrics label. */
public class SignatureException extends RuntimeException {
  /** Why a message was refused. */
  public enum Reason {
    MISSING_FIELD,
    BAD_SALT,
    BAD_SIGNATURE,
    STALE,
    FUTURE,
    REPLAYED;

    public String label() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }

  private final Reason reason;

  public SignatureException(Reason reason, String message) {
    super(message);
    this.reason = reason;
  }

  public Reason reason() {
    return reason;
  }
}
