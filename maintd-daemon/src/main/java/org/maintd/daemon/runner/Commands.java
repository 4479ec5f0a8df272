package org.maintd.daemon.runner;

import org.maintd.round.Command;

/**
 * Applies an operator's command and gives its answer, of the type the command names (an incident, a
 * campaign, a reboot request, or one of {@link org.maintd.round.Answers}'s records); throws {@link
 * CommandRefused} when the step refused it, {@link Busy} when it could not be applied in time, and
 * the backend's or store's exception when one of them failed.
 */
public interface Commands {
  <R> R apply(Command<R> command);

  /**
   * Throws {@link NotLeader} or {@link Busy} when no command could be applied now, so that a
   * request is refused before anything else about it is decided (a signed request's signature is
   * not spent on a daemon that would refuse it). A command admitted may still be refused by {@link
   * #apply} when leadership moves meanwhile.
   */
  default void admit() {}

  /**
   * The command was not applied: this daemon is a standby; the leader (at {@link #leaderUrl}, empty
   * when none leads) applies commands.
   */
  final class NotLeader extends RuntimeException {
    private final String leaderUrl;

    public NotLeader(String leaderUrl) {
      super(
          leaderUrl.isEmpty()
              ? "this maintd is a standby and no daemon leads right now; nothing was changed, try again"
                  + " shortly"
              : "this maintd is a standby; send changes to the leader at "
                  + leaderUrl
                  + " (maintctl follows it); nothing was changed here");
      this.leaderUrl = leaderUrl;
    }

    public String leaderUrl() {
      return leaderUrl;
    }
  }

  /** The command was not applied: the daemon did not get to it, or is stopping. */
  final class Busy extends RuntimeException {
    public Busy(String message) {
      super(message);
    }
  }
}
