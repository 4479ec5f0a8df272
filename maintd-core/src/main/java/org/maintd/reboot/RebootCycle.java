package org.maintd.reboot;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.maintd.reboot.CyclePass.Settled;

/**
 * Moves a node's power cycle on, as far as it goes in one pass, from what the round sees of the
 * node. A request starts a cycle; the requests accepted before the node goes down join it, and so
 * do those that its power-on will satisfy while the node goes down or is held ({@link CyclePass}).
 * The node is taken down ({@link TakingDown}): drained and emptied unless every request says {@code
 * evacuate: false}, the master role moved first, then rebooted (a one-shot, or a hold without power
 * control) or powered off (a hold with power control) in the hardest mode asked for. It comes back
 * ({@link BringingBack}): hard wins over soft, a soft attempt that has not taken effect within the
 * soft timeout falls back to hard where a hard path exists, else the cycle fails; while a key holds
 * it, the node stays off (or offline and drained after its reboot); once all are released it is
 * powered on, and when it is back (a new boot id) its {@code lastPoweredOn} is now and every
 * request of the cycle accepted before is done, any other waiting for the next cycle. A node that
 * does not come back within the boot timeout fails the cycle with the reason. A pure function of
 * its arguments; thread-safe.
 */
public final class RebootCycle {
  private static final int PHASES = CyclePhase.values().length;
  private final RebootPolicy policy;

  public RebootCycle(RebootPolicy policy) {
    this.policy = policy;
  }

  /**
   * The cycle of a node with its active {@code requests}, seen as {@code facts}, at {@code now}.
   */
  public CycleStep step(
      NodeCycle cycle, List<RebootRequest> requests, NodeFacts facts, Instant now) {
    CyclePass pass = new CyclePass(policy, cycle, requests, facts, now);
    for (int guard = 0; guard <= PHASES; guard++) {
      Optional<Settled> settled = pass.once();
      if (settled.isPresent()) {
        return pass.result(settled.get());
      }
    }
    throw new IllegalStateException("the cycle of " + cycle.node() + " did not settle");
  }

  /**
   * A job of the cycle failed ({@code reason}): a soft power-off or reboot falls back to hard where
   * a hard path exists (the next pass takes it down hard), anything else fails the cycle.
   */
  public CycleStep jobFailed(
      NodeCycle cycle, List<RebootRequest> requests, String reason, Instant now) {
    CyclePass pass = new CyclePass(policy, cycle, requests, null, now);
    if (cycle.phase() == CyclePhase.OFF && cycle.mode() == RebootMode.SOFT && policy.hardPath()) {
      pass.cycle = cycle.hardFromNow().at(CyclePhase.MASTER, now);
      return pass.result(
          new Settled(Optional.empty(), reason + "; a hard one is due", Optional.empty()));
    }
    return pass.result(pass.fail(reason).orElseThrow());
  }
}
