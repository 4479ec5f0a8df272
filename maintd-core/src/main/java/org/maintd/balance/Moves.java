package org.maintd.balance;

import java.util.Arrays;

/**
 * The moves hbal tries for an instance ({@link MoveKind}), each made on trial copies of the nodes
 * it touches: a failover to its secondary; for DRBD, to each other online node of the group, a new
 * secondary, a new secondary and a failover to it, and (when the secondary is online in the group)
 * a new primary, and a failover then a new secondary; for shared storage, a failover to any node.
 * The options take some away as hbal's switches do: without instance moves, no move changes the
 * primary (DRBD keeps only the new secondary; shared storage has no move left); without disk moves,
 * DRBD keeps only the failover; in evacuation mode, only instances with an offline or drained node
 * move; with restricted migration, DRBD gets no new primary but the failover and, off an offline or
 * drained primary, a new secondary and a migration to it; ignoring soft errors, every placement is
 * forced. Reads the model's nodes; changes nothing. Not thread-safe.
 */
final class Moves {
  private final NodeState[] nodes;
  private final boolean[] isOnline;
  private final BalanceOptions options;
  private final boolean force;

  /**
   * Moves among {@code nodes} (the model's, as moves replace them) onto the {@code online} ones.
   */
  Moves(NodeState[] nodes, int[] online, BalanceOptions options) {
    this.nodes = nodes;
    this.options = options;
    this.force = options.ignoreSoftErrors();
    this.isOnline = new boolean[nodes.length];
    for (int n : online) {
      isOnline[n] = true;
    }
  }

  /** Whether the options let {@code i} move at all. */
  boolean movable(BalanceInstance i) {
    return i.movable
        && i.instance.autoBalance()
        && i.mirror != BalanceInstance.Mirror.NONE
        && (!options.evacMode() || onOfflineNode(i));
  }

  /**
   * Whether the options allow a move of {@code kind} of {@code i} (whatever its target), as hbal's
   * switches decide.
   */
  boolean allows(BalanceInstance i, MoveKind kind) {
    boolean instanceMoves = options.instanceMoves();
    boolean useSecondary = i.secondary >= 0 && isOnline[i.secondary] && instanceMoves;
    boolean internal = i.mirror == BalanceInstance.Mirror.INTERNAL;
    return switch (kind) {
      case FAILOVER -> internal && useSecondary;
      case FAILOVER_TO_ANY -> !internal && instanceMoves;
      case REPLACE_SECONDARY -> internal && options.diskMoves();
      case REPLACE_AND_FAILOVER -> internal && options.diskMoves() && instanceMoves && free(i);
      case FAILOVER_AND_REPLACE -> internal && options.diskMoves() && useSecondary && free(i);
      case REPLACE_PRIMARY ->
          internal && options.diskMoves() && useSecondary && !options.restrictedMigration();
    };
  }

  /**
   * Whether migration may take {@code i} off its primary by way of a new secondary: always, unless
   * migration is restricted and the primary is neither offline nor drained (hbal's
   * --restricted-migration).
   */
  private boolean free(BalanceInstance i) {
    return !options.restrictedMigration() || nodes[i.primary].offline;
  }

  /**
   * The trial copies of the nodes that the move of {@code kind} of {@code i} to {@code t} (the
   * secondary for a failover) changes, as the move leaves them, in hbal's order (the instance's own
   * nodes, then the target); null if a placement check refuses it.
   */
  NodeState[] trial(BalanceInstance i, MoveKind kind, int t) {
    NodeState[] own = source(i, kind, t);
    if (own == null || kind == MoveKind.FAILOVER) {
      return own;
    }
    NodeState target = target(i, kind, t);
    if (target == null) {
      return null;
    }
    NodeState[] all = Arrays.copyOf(own, own.length + 1);
    all[own.length] = target;
    return all;
  }

  /**
   * The instance's own nodes (primary, secondary) as the move of {@code kind} to {@code t} leaves
   * them; null if a check on them refuses it. Two targets with the same {@link #sourceKey} leave
   * them alike.
   */
  NodeState[] source(BalanceInstance i, MoveKind kind, int t) {
    return switch (kind) {
      case FAILOVER -> failover(i);
      case FAILOVER_TO_ANY -> leavePrimary(i);
      case REPLACE_SECONDARY -> newSecondary(i, t);
      case REPLACE_AND_FAILOVER -> secondaryOfTarget(i, t);
      case REPLACE_PRIMARY -> newPrimary(i, t);
      case FAILOVER_AND_REPLACE -> primaryOnSecondary(i, t);
    };
  }

  /**
   * What the instance's own nodes depend on of the target of a move of {@code kind}: the location
   * score the instance takes with it, or the memory the node that becomes its secondary already
   * holds for the target.
   */
  long sourceKey(BalanceInstance i, MoveKind kind, int t) {
    return switch (kind) {
      case FAILOVER, FAILOVER_TO_ANY -> 0;
      case REPLACE_SECONDARY -> location(i, i.primary, t);
      case REPLACE_AND_FAILOVER -> nodes[i.primary].peers.get(t);
      case REPLACE_PRIMARY -> nodes[i.secondary].peers.get(t);
      case FAILOVER_AND_REPLACE -> location(i, i.secondary, t);
    };
  }

  /** The target {@code t} as the move of {@code kind} leaves it; null if a check refuses it. */
  NodeState target(BalanceInstance i, MoveKind kind, int t) {
    return target(i, kind, t, nodes[t].copy());
  }

  /**
   * The same, made on {@code trial} (a copy of node {@code t}, set again from it): a node to read
   * before the next trial on it, not to keep.
   */
  NodeState target(BalanceInstance i, MoveKind kind, int t, NodeState trial) {
    NodeState target = nodes[t].copyInto(trial);
    NodeState op = nodes[i.primary];
    boolean forced = op.offline || force;
    return switch (kind) {
      case FAILOVER -> throw new IllegalArgumentException("a failover has no target: " + i);
      case FAILOVER_TO_ANY ->
          NodeOps.canMigrate(op, target) ? primaryOn(target, i, forced, i.secondary) : null;
      case REPLACE_SECONDARY ->
          secondaryOn(target, i, i.primary, nodes[i.secondary].offline || force);
      case REPLACE_AND_FAILOVER ->
          NodeOps.canMigrate(op, target) ? primaryOn(target, i, force, i.primary) : null;
      case REPLACE_PRIMARY ->
          NodeOps.canMigrate(nodes[i.secondary], target)
              ? primaryOn(target, i, forced, i.secondary)
              : null;
      case FAILOVER_AND_REPLACE -> secondaryOn(target, i, i.secondary, forced);
    };
  }

  /**
   * What {@link #target} reads of the instance's nodes for the move of {@code kind} of {@code i} to
   * {@code t}, with the instance's {@code shape}: the moves with the same key leave the target
   * alike ({@link TargetParts}).
   */
  TargetParts.Key targetKey(BalanceInstance i, MoveKind kind, int t, int shape) {
    NodeState op = nodes[i.primary];
    NodeState target = nodes[t];
    boolean forced = op.offline || force;
    return switch (kind) {
      case FAILOVER -> throw new IllegalArgumentException("a failover has no target: " + i);
      case FAILOVER_TO_ANY ->
          new TargetParts.Key(
              kind, shape, forced, NodeOps.canMigrate(op, target), location(i, t, i.secondary));
      case REPLACE_SECONDARY ->
          new TargetParts.Key(
              kind, shape, nodes[i.secondary].offline || force, true, target.peers.get(i.primary));
      case REPLACE_AND_FAILOVER ->
          new TargetParts.Key(
              kind, shape, force, NodeOps.canMigrate(op, target), location(i, t, i.primary));
      case REPLACE_PRIMARY ->
          new TargetParts.Key(
              kind,
              shape,
              forced,
              NodeOps.canMigrate(nodes[i.secondary], target),
              location(i, t, i.secondary));
      case FAILOVER_AND_REPLACE ->
          new TargetParts.Key(kind, shape, forced, true, target.peers.get(i.secondary));
    };
  }

  /**
   * Whether the instance's primary or secondary is offline (or drained): evacuation mode's test.
   */
  private boolean onOfflineNode(BalanceInstance i) {
    return nodes[i.primary].offline || (i.secondary >= 0 && nodes[i.secondary].offline);
  }

  /** The instance's location score with {@code primary} and {@code secondary} (none: -1). */
  private int location(BalanceInstance i, int primary, int secondary) {
    return i.locationScore(nodes[primary], secondary >= 0 ? nodes[secondary] : null);
  }

  /** The copy {@code target} with {@code i} added as primary, its partner {@code other}. */
  private NodeState primaryOn(NodeState target, BalanceInstance i, boolean forced, int other) {
    return NodeOps.addPrimary(target, i, forced, location(i, target.index, other)) ? target : null;
  }

  /** The copy {@code target} with {@code i} added as secondary of {@code primary}. */
  private NodeState secondaryOn(NodeState target, BalanceInstance i, int primary, boolean forced) {
    return NodeOps.addSecondary(target, i, primary, forced, false) ? target : null;
  }

  /** Copies of the primary without the instance and of the secondary without it. */
  private NodeState[] withoutInstance(BalanceInstance i) {
    NodeState p = nodes[i.primary].copy();
    NodeState s = nodes[i.secondary].copy();
    NodeOps.removePrimary(p, i, location(i, i.primary, i.secondary));
    NodeOps.removeSecondary(s, i, i.primary);
    return new NodeState[] {p, s};
  }

  private NodeState[] failover(BalanceInstance i) {
    NodeState op = nodes[i.primary];
    if (!NodeOps.canMigrate(op, nodes[i.secondary])) {
      return null;
    }
    NodeState[] ps = withoutInstance(i);
    boolean forced = op.offline || force;
    if (!NodeOps.addPrimary(ps[1], i, forced, location(i, i.secondary, i.primary))
        || !NodeOps.addSecondary(ps[0], i, i.secondary, forced, op.offline)) {
      return null;
    }
    return ps;
  }

  /** Shared storage: the primary without the instance. */
  private NodeState[] leavePrimary(BalanceInstance i) {
    NodeState p = nodes[i.primary].copy();
    NodeOps.removePrimary(p, i, location(i, i.primary, i.secondary));
    return new NodeState[] {p};
  }

  /** A new secondary {@code t}: the primary keeps the instance, with a new location score. */
  private NodeState[] newSecondary(BalanceInstance i, int t) {
    if (i.secondary < 0) {
      return null;
    }
    NodeState[] ps = withoutInstance(i);
    return NodeOps.addPrimary(ps[0], i, true, location(i, i.primary, t)) ? ps : null;
  }

  /** A new secondary {@code t} and a failover to it: the primary becomes its secondary. */
  private NodeState[] secondaryOfTarget(BalanceInstance i, int t) {
    if (i.secondary < 0) {
      return null;
    }
    NodeState[] ps = withoutInstance(i);
    boolean forced = nodes[i.secondary].offline || force;
    return NodeOps.addSecondary(ps[0], i, t, forced, false) ? ps : null;
  }

  /**
   * A new primary {@code t}: hbal tries the instance on the secondary first (and takes it off
   * again), with the location score of the new pair, then makes the secondary the target's.
   */
  private NodeState[] newPrimary(BalanceInstance i, int t) {
    NodeState op = nodes[i.primary];
    if (!NodeOps.canMigrate(op, nodes[i.secondary])) {
      return null;
    }
    boolean forced = op.offline || force;
    NodeState[] ps = withoutInstance(i);
    int onSecondary = location(i, i.secondary, t);
    NodeState tmp = ps[1].copy();
    if (!NodeOps.addPrimary(tmp, i, forced, onSecondary)) {
      return null;
    }
    NodeOps.removePrimary(tmp, i, onSecondary);
    if (!NodeOps.addSecondary(tmp, i, t, forced, false)) {
      return null;
    }
    return new NodeState[] {ps[0], tmp};
  }

  /** A failover, then a new secondary {@code t}: the secondary takes the instance as primary. */
  private NodeState[] primaryOnSecondary(BalanceInstance i, int t) {
    NodeState op = nodes[i.primary];
    if (!NodeOps.canMigrate(op, nodes[i.secondary])) {
      return null;
    }
    NodeState[] ps = withoutInstance(i);
    boolean forced = op.offline || force;
    return NodeOps.addPrimary(ps[1], i, forced, location(i, i.secondary, t)) ? ps : null;
  }
}
