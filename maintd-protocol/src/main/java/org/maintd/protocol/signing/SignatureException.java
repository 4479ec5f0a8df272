package org.maintd.protocol.signing;

import org.maintd.error.ReasonedException;

/** A signed message was refused; its {@link #label()} is stable and used as a metrics label. */
public class SignatureException extends ReasonedException {
  /** Why a message was refused. */
  public enum Reason {
    MISSING_FIELD,
    BAD_SALT,
    BAD_SIGNATURE,
    STALE,
    FUTURE,
    REPLAYED
  }

  public SignatureException(Reason reason, String message) {
    super(reason, message);
  }

  /** Why, as this exception's own enum. */
  @Override
  public Reason reason() {
    return (Reason) super.reason();
  }
}
