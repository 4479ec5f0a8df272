package org.maintd.daemon.runner;

import org.maintd.error.ReasonedException;
import org.maintd.round.Refusal;

/**
 * The step refused an operator's command; {@link #reason} says whether it was wrong, unknown or in
 * conflict.
 */
public final class CommandRefused extends ReasonedException {
  public CommandRefused(Refusal reason, String message) {
    super(reason, message);
  }

  /** Why, as this exception's own enum. */
  @Override
  public Refusal reason() {
    return (Refusal) super.reason();
  }
}
