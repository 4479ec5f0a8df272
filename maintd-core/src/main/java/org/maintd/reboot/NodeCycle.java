package org.maintd.reboot;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Instant;
import java.util.Optional;
import org.maintd.job.OwnerKind;

/**
 * One node's power cycle as it stands: its phase and since when ({@code since}, the daemon's
 * clock), the cycle's id (its first request's, part of its jobs' owner, so that a power-on is known
 * to be this cycle's own), the mode it takes the node down with ({@code forceHard}: a soft attempt
 * failed, hard from now on), how ({@link OffKind}), the boot id before (a different one after
 * proves the node rebooted), whether the node was drained before (then it stays drained), and the
 * node's {@code pendingRebootSince} (the earliest request of the cycle) and {@code lastPoweredOn}
 * (when the daemon last saw it come back from a power-off of its own). Immutable; its withers
 * ({@code withPhase}, ...) are generated.
 */
@RecordBuilder
public record NodeCycle(
    String node,
    CyclePhase phase,
    Instant since,
    String id,
    RebootMode mode,
    boolean forceHard,
    OffKind off,
    String bootId,
    boolean wasDrained,
    Optional<Instant> pendingRebootSince,
    Optional<Instant> lastPoweredOn)
    implements NodeCycleBuilder.With {

  public NodeCycle {
    id = id == null ? "" : id;
    bootId = bootId == null ? "" : bootId;
    pendingRebootSince = pendingRebootSince == null ? Optional.empty() : pendingRebootSince;
    lastPoweredOn = lastPoweredOn == null ? Optional.empty() : lastPoweredOn;
  }

  /** A node with no cycle yet. */
  public static NodeCycle idle(String node, Instant now) {
    return new NodeCycle(
        node,
        CyclePhase.IDLE,
        now,
        "",
        RebootMode.SOFT,
        false,
        OffKind.REBOOT,
        "",
        false,
        Optional.empty(),
        Optional.empty());
  }

  /** The owners of cycles' jobs: {@code reboot:ID}. */
  public static final OwnerKind OWNERS = new OwnerKind("reboot");

  /** The owner of this cycle's jobs. */
  public String owner() {
    return OWNERS.of(id);
  }

  NodeCycle at(CyclePhase next, Instant now) {
    return withPhase(next).withSince(now);
  }

  NodeCycle started(String cycle, boolean drained, Instant pending) {
    return with(
        b ->
            b.id(cycle)
                .mode(RebootMode.SOFT)
                .forceHard(false)
                .off(OffKind.REBOOT)
                .bootId("")
                .wasDrained(drained)
                .pendingRebootSince(Optional.of(pending)));
  }

  NodeCycle down(RebootMode how, OffKind kind, String before, Instant now) {
    return with(b -> b.phase(CyclePhase.OFF).since(now).mode(how).off(kind).bootId(before));
  }

  NodeCycle hardFromNow() {
    return withMode(RebootMode.HARD).withForceHard(true);
  }

  NodeCycle poweredOn(Instant now) {
    return withLastPoweredOn(Optional.of(now));
  }
}
