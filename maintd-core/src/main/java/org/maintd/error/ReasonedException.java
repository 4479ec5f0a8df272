package org.maintd.error;

import java.util.Locale;

/**
 * An unchecked exception that says why, as one constant of the subclass's own enum, beside its
 * message: the reason is what callers decide on (an HTTP status, an exit code, a metrics label),
 * the message is what a person reads. Immutable.
 */
public abstract class ReasonedException extends RuntimeException {
  private final Enum<?> reason;

  protected ReasonedException(Enum<?> reason, String message) {
    super(message);
    this.reason = reason;
  }

  /** Why it was thrown: a constant of the enum the subclass declares. */
  public Enum<?> reason() {
    return reason;
  }

  /** The reason as written in logs and labels: lower case, words joined by hyphens. */
  public String label() {
    return reason.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}
