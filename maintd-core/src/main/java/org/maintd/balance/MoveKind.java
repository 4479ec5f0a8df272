package org.maintd.balance;

/**
 * The moves hbal tries for an instance, each as the Ganeti operations it stands for ({@code f}
 * failover or migrate, {@code r:NODE} replace the secondary with NODE, {@code fa:NODE} fail over to
 * NODE), and where the instance's primary and secondary are after it.
 */
enum MoveKind {
  /** To its secondary: the nodes swap roles. */
  FAILOVER("f", Role.SECONDARY, Role.PRIMARY),
  /** Shared storage: to any node. */
  FAILOVER_TO_ANY("fa:%s", Role.TARGET, Role.SECONDARY),
  /** A new secondary. */
  REPLACE_SECONDARY("r:%s", Role.PRIMARY, Role.TARGET),
  /** A new secondary, then a failover to it: the old primary stays as the secondary. */
  REPLACE_AND_FAILOVER("r:%s f", Role.TARGET, Role.PRIMARY),
  /** A failover, a new secondary, a failover to it: the secondary stays. */
  REPLACE_PRIMARY("f r:%s f", Role.TARGET, Role.SECONDARY),
  /** A failover, then a new secondary: the old secondary is the primary. */
  FAILOVER_AND_REPLACE("f r:%s", Role.SECONDARY, Role.TARGET);

  /** Which of the instance's nodes, or the move's target, a node of the move is. */
  private enum Role {
    PRIMARY,
    SECONDARY,
    TARGET
  }

  private final String commands;
  private final Role primary;
  private final Role secondary;

  MoveKind(String commands, Role primary, Role secondary) {
    this.commands = commands;
    this.primary = primary;
    this.secondary = secondary;
  }

  /** The operations, with {@code target} the node the move names. */
  String commands(String target) {
    return commands.replace("%s", target);
  }

  /**
   * The primary after the move, from primary {@code p}, secondary {@code s} and target {@code t}.
   */
  int newPrimary(int p, int s, int t) {
    return pick(primary, p, s, t);
  }

  /** The secondary after the move (none: -1). */
  int newSecondary(int p, int s, int t) {
    return pick(secondary, p, s, t);
  }

  private static int pick(Role role, int p, int s, int t) {
    return switch (role) {
      case PRIMARY -> p;
      case SECONDARY -> s;
      case TARGET -> t;
    };
  }
}
