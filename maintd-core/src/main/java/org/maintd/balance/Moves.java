package org.maintd.balance;

import java.util.function.Predicate;

/**
 * The moves hbal tries for an instance, each on trial copies of the nodes it touches and scored
 * from them: a failover to its secondary; for DRBD, to each other online node of the group, a new
 * secondary, a new secondary and a failover to it, and (when the secondary is online in the group)
 * a new primary, and a failover then a new secondary; for shared storage, a failover to any node.
 * The options take some away as hbal's switches do: without instance moves, no move changes the
 * primary (DRBD keeps only the new secondary; shared storage has no move left); without disk moves,
 * DRBD keeps only the failover; in evacuation mode, only instances with an offline or drained node
 * move; ignoring soft errors, every placement is forced. Reads the model's nodes; changes nothing.
 * Not thread-safe.
 */
final class Moves {
  private final NodeState[] nodes;
  private final ScoreSums sums;
  private final int[] online;
  private final boolean[] isOnline;
  private final BalanceOptions options;
  private final boolean force;

  /**
   * Moves among {@code nodes} (the model's, as moves replace them) onto the {@code online} nodes of
   * the group, in their order, as {@code options} allow.
   */
  Moves(NodeState[] nodes, ScoreSums sums, int[] online, BalanceOptions options) {
    this.nodes = nodes;
    this.sums = sums;
    this.online = online;
    this.options = options;
    this.force = options.ignoreSoftErrors();
    this.isOnline = new boolean[nodes.length];
    for (int n : online) {
      isOnline[n] = true;
    }
  }

  /** The best allowed move of any of {@code instances}, if one lowers the score, else null. */
  Candidate best(BalanceInstance[] instances, Predicate<Candidate> allowed) {
    Best best = new Best(sums.score(), allowed);
    for (BalanceInstance i : instances) {
      if (i.movable
          && i.instance.autoBalance()
          && i.mirror != BalanceInstance.Mirror.NONE
          && (!options.evacMode() || onOfflineNode(i))) {
        tryAll(i, best);
      }
    }
    return best.candidate;
  }

  /**
   * Whether the instance's primary or secondary is offline (or drained): evacuation mode's test.
   */
  private boolean onOfflineNode(BalanceInstance i) {
    return nodes[i.primary].offline || (i.secondary >= 0 && nodes[i.secondary].offline);
  }

  /** Offers every move of {@code i} the options allow, in hbal's order. */
  private void tryAll(BalanceInstance i, Best best) {
    boolean instanceMoves = options.instanceMoves();
    boolean useSecondary = i.secondary >= 0 && isOnline[i.secondary] && instanceMoves;
    boolean internal = i.mirror == BalanceInstance.Mirror.INTERNAL;
    if (internal && useSecondary) {
      best.offer(failover(i));
    }
    if (internal ? !options.diskMoves() : !instanceMoves) {
      return;
    }
    for (int t : online) {
      if (t == i.primary || t == i.secondary) {
        continue;
      }
      if (!internal) {
        best.offer(failoverToAny(i, t));
        continue;
      }
      best.offer(replaceSecondary(i, t));
      if (instanceMoves) {
        best.offer(replaceAndFailover(i, t));
        if (useSecondary) {
          best.offer(replacePrimary(i, t));
          best.offer(failoverAndReplace(i, t));
        }
      }
    }
  }

  private Candidate candidate(BalanceInstance i, String kind, int p, int s, NodeState... changed) {
    return new Candidate(i, kind, p, s, changed, sums.scoreWith(nodes, changed));
  }

  /** The instance's location score with {@code primary} and {@code secondary} (none: -1). */
  private int location(BalanceInstance i, int primary, int secondary) {
    return i.locationScore(nodes[primary], secondary >= 0 ? nodes[secondary] : null);
  }

  private Candidate failover(BalanceInstance i) {
    NodeState op = nodes[i.primary];
    NodeState os = nodes[i.secondary];
    if (!NodeOps.canMigrate(op, os)) {
      return null;
    }
    NodeState p = op.copy();
    NodeState s = os.copy();
    int score = location(i, i.primary, i.secondary);
    NodeOps.removePrimary(p, i, score);
    NodeOps.removeSecondary(s, i, i.primary);
    boolean forced = op.offline || force;
    if (!NodeOps.addPrimary(s, i, forced, location(i, i.secondary, i.primary))
        || !NodeOps.addSecondary(p, i, i.secondary, forced, op.offline)) {
      return null;
    }
    return candidate(i, "f", i.secondary, i.primary, p, s);
  }

  private Candidate failoverToAny(BalanceInstance i, int t) {
    NodeState op = nodes[i.primary];
    if (!NodeOps.canMigrate(op, nodes[t])) {
      return null;
    }
    NodeState target = nodes[t].copy();
    if (!NodeOps.addPrimary(target, i, op.offline || force, location(i, t, i.secondary))) {
      return null;
    }
    NodeState p = op.copy();
    NodeOps.removePrimary(p, i, location(i, i.primary, i.secondary));
    return candidate(i, "fa:" + target.name, t, i.secondary, p, target);
  }

  private Candidate replacePrimary(BalanceInstance i, int t) {
    NodeState op = nodes[i.primary];
    NodeState os = nodes[i.secondary];
    if (!NodeOps.canMigrate(op, os) || !NodeOps.canMigrate(os, nodes[t])) {
      return null;
    }
    boolean forced = op.offline || force;
    NodeState p = op.copy();
    NodeState s = os.copy();
    NodeOps.removePrimary(p, i, location(i, i.primary, i.secondary));
    NodeOps.removeSecondary(s, i, i.primary);
    // hbal tries the instance on the secondary first (and takes it off again), with the location
    // score of the new pair, before it places it on the target.
    int newScore = location(i, t, i.secondary);
    int onSecondary = location(i, i.secondary, t);
    NodeState tmp = s.copy();
    if (!NodeOps.addPrimary(tmp, i, forced, onSecondary)) {
      return null;
    }
    NodeOps.removePrimary(tmp, i, onSecondary);
    NodeState target = nodes[t].copy();
    if (!NodeOps.addPrimary(target, i, forced, newScore)
        || !NodeOps.addSecondary(tmp, i, t, forced, false)) {
      return null;
    }
    return candidate(i, "f r:" + target.name + " f", t, i.secondary, p, tmp, target);
  }

  private Candidate replaceSecondary(BalanceInstance i, int t) {
    NodeState os = i.secondary >= 0 ? nodes[i.secondary] : null;
    if (os == null) {
      return null;
    }
    NodeState s = os.copy();
    NodeOps.removeSecondary(s, i, i.primary);
    NodeState target = nodes[t].copy();
    if (!NodeOps.addSecondary(target, i, i.primary, os.offline || force, false)) {
      return null;
    }
    NodeState p = nodes[i.primary].copy();
    NodeOps.removePrimary(p, i, location(i, i.primary, i.secondary));
    if (!NodeOps.addPrimary(p, i, true, location(i, i.primary, t))) {
      return null;
    }
    return candidate(i, "r:" + target.name, i.primary, t, p, s, target);
  }

  private Candidate replaceAndFailover(BalanceInstance i, int t) {
    NodeState op = nodes[i.primary];
    NodeState os = i.secondary >= 0 ? nodes[i.secondary] : null;
    if (os == null || !NodeOps.canMigrate(op, nodes[t])) {
      return null;
    }
    NodeState p = op.copy();
    NodeState s = os.copy();
    NodeOps.removePrimary(p, i, location(i, i.primary, i.secondary));
    NodeOps.removeSecondary(s, i, i.primary);
    NodeState target = nodes[t].copy();
    if (!NodeOps.addPrimary(target, i, force, location(i, t, i.primary))
        || !NodeOps.addSecondary(p, i, t, os.offline || force, false)) {
      return null;
    }
    return candidate(i, "r:" + target.name + " f", t, i.primary, p, s, target);
  }

  private Candidate failoverAndReplace(BalanceInstance i, int t) {
    NodeState op = nodes[i.primary];
    NodeState os = nodes[i.secondary];
    if (!NodeOps.canMigrate(op, os)) {
      return null;
    }
    boolean forced = op.offline || force;
    NodeState p = op.copy();
    NodeState s = os.copy();
    NodeOps.removePrimary(p, i, location(i, i.primary, i.secondary));
    NodeOps.removeSecondary(s, i, i.primary);
    NodeState target = nodes[t].copy();
    if (!NodeOps.addPrimary(s, i, forced, location(i, i.secondary, t))
        || !NodeOps.addSecondary(target, i, i.secondary, forced, false)) {
      return null;
    }
    return candidate(i, "f r:" + target.name, i.secondary, t, p, s, target);
  }

  /** The lowest-scored move so far that {@code allowed} accepts, if lower than the score now. */
  private static final class Best {
    private final double current;
    private final Predicate<Candidate> allowed;
    private Candidate candidate;

    Best(double current, Predicate<Candidate> allowed) {
      this.current = current;
      this.allowed = allowed;
    }

    void offer(Candidate c) {
      if (c != null
          && c.score() < (candidate == null ? current : candidate.score())
          && allowed.test(c)) {
        candidate = c;
      }
    }
  }
}
