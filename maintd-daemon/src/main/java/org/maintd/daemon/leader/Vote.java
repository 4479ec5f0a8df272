package org.maintd.daemon.leader;

import java.util.function.Supplier;

/**
 * Whether a daemon that comes to act for the cluster's master first asks the nodes which node they
 * believe is the master, as Ganeti's daemons do at start-up: {@link Asked} asks them each time, and
 * leads only with the vote won; {@link Skipped} ({@code --no-voting --yes-do-it}) asks nobody.
 * Immutable; the question is asked by the thread that takes the vote.
 */
public sealed interface Vote {

  /** The nodes are asked through {@code ask}, a new count each time. */
  record Asked(Supplier<MasterVote.Outcome> ask) implements Vote {}

  /** Nobody is asked: the operator said this node is the master. */
  record Skipped() implements Vote {}
}
