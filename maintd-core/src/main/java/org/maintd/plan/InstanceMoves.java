package org.maintd.plan;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.machine.MachineUp;
import org.maintd.maintenance.Consent;
import org.maintd.maintenance.Consents;
import org.maintd.maintenance.Window;
import org.maintd.wait.ScheduleWait;
import org.maintd.wait.WaitReason;

/**
 * The moves off a draining machine's node, each instance once it consents: a decline holds it until
 * the window starts (for as long as it declines, when the window respects declines), an answer not
 * yet given holds it while consent commands are asked; the rest move as evacuations move them, as
 * many as targets have room for. A window that ends with instances still declining is reported, not
 * forced; when an operator forced the machine down, every instance moves, declines overridden. Not
 * thread-safe.
 */
final class InstanceMoves {
  private final RoundContext ctx;
  private final EvacuationPlanner evacuations;
  private final MaintenanceInput in;
  private final Instant now;
  private final List<Instance> primaries = new ArrayList<>();
  private final List<Instance> secondaries = new ArrayList<>();
  private final List<WaitReason> held = new ArrayList<>();
  private final List<String> pending = new ArrayList<>();
  private final List<String> despite = new ArrayList<>();

  private final boolean forced;

  /**
   * The moves off a draining node; {@code forced} when an operator forced its machine down: every
   * instance moves, whatever it answered.
   */
  InstanceMoves(
      RoundContext ctx,
      EvacuationPlanner evacuations,
      MaintenanceInput in,
      Instant now,
      boolean forced) {
    this.ctx = ctx;
    this.evacuations = evacuations;
    this.in = in;
    this.now = now;
    this.forced = forced;
  }

  Next plan(Window w, Node node, List<JobSpec> jobs) {
    ctx.index.primariesOf(node.name()).forEach(i -> sort(w, node, i, primaries));
    ctx.index.secondariesOf(node.name()).forEach(i -> sort(w, node, i, secondaries));
    if (!pending.isEmpty()) {
      held.add(new ScheduleWait.ConsentPending(pending));
    }
    StringBuilder text = new StringBuilder(forced ? "DRAIN, going DOWN: " : "DRAIN: ");
    boolean moving = !primaries.isEmpty() || !secondaries.isEmpty();
    if (moving) {
      String owner = MachineUp.ownerOf(node.name());
      Step step =
          evacuations.moveOff(
              owner,
              node,
              primaries,
              secondaries,
              false,
              (ops, what) ->
                  job(
                      owner,
                      ops,
                      node.name() + ": " + what + " (its window at " + w.start() + ")"));
      jobs.addAll(step.jobs());
      text.append(step.next().text());
    } else {
      text.append("nothing moves");
    }
    despite.forEach(d -> text.append("; ").append(d));
    held.forEach(h -> text.append("; ").append(h.text()));
    if (w.ended(now) && held.stream().anyMatch(h -> h instanceof ScheduleWait.Declined)) {
      text.append("; its window ended at ")
          .append(w.end().orElseThrow())
          .append(" with instances still declining: reported, not forced");
    }
    return moving || held.isEmpty()
        ? Next.does(text.toString())
        : Next.told(text.toString(), held.get(0));
  }

  /** Puts {@code inst} among the instances that move ({@code moving}) or those held back. */
  private void sort(Window w, Node node, Instance inst, List<Instance> moving) {
    Consents.Status s =
        Consents.of(inst, node.name(), in.maintenance().consents(), in.asking() && !forced);
    if (s instanceof Consents.Status.Pending) {
      pending.add(inst.name());
      return;
    }
    if (s instanceof Consents.Status.Declined d) {
      Optional<String> until = until(w);
      if (until.isPresent()) {
        Consent c = d.answer();
        held.add(new ScheduleWait.Declined(inst.name(), c.reason(), c.at(), until.get()));
        return;
      }
      despite.add(
          inst.name()
              + " moves despite its decline ("
              + d.answer().reason()
              + (forced
                  ? "): its machine is forced DOWN"
                  : "): its window started at " + w.start()));
    }
    moving.add(inst);
  }

  /**
   * How long a decline holds its instance in {@code w} now; empty once it no longer does (or its
   * machine is forced down).
   */
  private Optional<String> until(Window w) {
    if (forced) {
      return Optional.empty();
    }
    if (!w.started(now)) {
      return Optional.of("until its window starts at " + w.start());
    }
    return w.respectDeclines()
        ? Optional.of("while it declines: its window respects declines")
        : Optional.empty();
  }

  private JobSpec job(String owner, List<Operation> ops, String what) {
    String key = ctx.nextKey(owner);
    String text = "maintenance of " + what;
    return new JobSpec(key, owner, ops, ReasonTrail.of(text, key, ctx.nowNanos));
  }
}
