package org.maintd.daemon.runner;

import org.maintd.round.Command;

/**
 * Applies an operator's command and gives its answer (an incident, a campaign, or one of {@link
 * org.maintd.round.Answers}'s records); throws {@link CommandRefused} when the step refused it,
 * {@link Busy} when it could not be applied in time, and the backend's or store's exception when
 * one of them failed.
 */
@FunctionalInterface
public interface Commands {
  Object apply(Command command);

  /** The command was not applied: the daemon did not get to it, or is stopping. */
  final class Busy extends RuntimeException {
    public Busy(String message) {
      super(message);
    }
  }
}
