package org.maintd.plan;

import java.util.ArrayList;
import java.util.List;
import org.maintd.balance.BalanceMove;
import org.maintd.balance.Balancer;
import org.maintd.cluster.Group;
import org.maintd.cluster.Instance;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;

/**
 * Balancing moves, last in a round, on what repairs and maintenance left free: per node group, as
 * many moves as the balancer finds that each lower the score by at least the threshold and touch
 * no node or instance another job of the round has, and no node with an active incident. One job
 * per move, owned by {@code balance:<instance>}. Not thread-safe.
 */
final class BalancePlanner {
  static final String OWNER = "balance:";

  private final RoundContext ctx;
  private final double threshold;

  BalancePlanner(RoundContext ctx, double threshold) {
    this.ctx = ctx;
    this.threshold = threshold;
  }

  void plan(List<JobSpec> jobs, List<PlanItem> items) {
    for (Group g : ctx.cluster.groups()) {
      if (ctx.cluster.nodes().stream().noneMatch(n -> n.group().equals(g.uuid()))) {
        continue;
      }
      Balancer balancer = new Balancer(ctx.cluster, g.uuid());
      double initial = balancer.score();
      int moves = 0;
      while (true) {
        var move = balancer.step(this::free, threshold);
        if (move.isEmpty()) {
          break;
        }
        BalanceMove m = move.get();
        JobSpec job = job(m, initial);
        ctx.claims.claim(job.owner(), job.nodes(), job.instances());
        jobs.add(job);
        moves++;
      }
      items.add(new PlanItem("balance", g.name(), moves == 0
          ? String.format("score %.4f: no move lowers it by %.4f (balanceThreshold) on the free nodes", initial, threshold)
          : String.format("score %.4f, %.4f after %d move(s)", initial, balancer.score(), moves)));
    }
  }

  private boolean free(BalanceMove m) {
    String owner = OWNER + m.instance();
    List<String> touched = new ArrayList<>(List.of(m.oldPrimary(), m.newPrimary()));
    if (!m.oldSecondary().isEmpty()) {
      touched.add(m.oldSecondary());
    }
    if (!m.newSecondary().isEmpty()) {
      touched.add(m.newSecondary());
    }
    return ctx.claims.instanceFree(m.instance()) && ctx.claims.nodesFree(owner, touched)
        && touched.stream().noneMatch(ctx.excludedTargets::contains);
  }

  private JobSpec job(BalanceMove m, double initial) {
    Instance inst = ctx.cluster.instance(m.instance()).orElseThrow();
    String owner = OWNER + m.instance();
    String key = ctx.nextKey(owner);
    String text = String.format("balancing: %s %s:%s => %s:%s (%s), score %.4f -> %.4f", m.instance(), m.oldPrimary(),
        m.oldSecondary(), m.newPrimary(), m.newSecondary(), m.commands(), initial, m.score());
    return new JobSpec(key, owner, operations(inst, m), ReasonTrail.of(text, key, ctx.nowNanos));
  }

  /** The Ganeti operations of a move: hbal's {@code f}, {@code fa:NODE} and {@code r:NODE} steps in order. */
  static List<Operation> operations(Instance inst, BalanceMove m) {
    boolean running = inst.status().isRunning();
    List<Operation> ops = new ArrayList<>();
    String primary = m.oldPrimary();
    String secondary = m.oldSecondary();
    for (String step : m.commands().split(" ")) {
      if (step.equals("f")) {
        ops.add(running ? new Operation.Migrate(m.instance(), primary, secondary) : new Operation.Failover(m.instance(), primary, secondary));
        String was = primary;
        primary = secondary;
        secondary = was;
      } else if (step.startsWith("fa:")) {
        String target = step.substring(3);
        ops.add(running ? new Operation.Migrate(m.instance(), primary, target) : new Operation.Failover(m.instance(), primary, target));
        primary = target;
      } else if (step.startsWith("r:")) {
        String target = step.substring(2);
        ops.add(new Operation.ReplaceSecondary(m.instance(), primary, secondary, target));
        secondary = target;
      } else {
        throw new IllegalStateException("unknown balancing step '" + step + "' in " + m);
      }
    }
    return ops;
  }
}
