package org.maintd.daemon.runner;

import org.maintd.round.Refusal;

/**
 * The step refused an operator's command; {@link #kind} says whether it was wrong, unknown or in
 * conflict.
 */
public final class CommandRefused extends RuntimeException {
  private final Refusal kind;

  public CommandRefused(Refusal kind, String message) {
    super(message);
    this.kind = kind;
  }

  public Refusal kind() {
    return kind;
  }
}
