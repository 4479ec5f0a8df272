package org.maintd.reboot;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The reboot requests (active ones and the last {@value #KEPT} that ended, for their history) and
 * each node's power cycle, as stored. Immutable; every change gives a new value.
 */
public record Reboots(List<RebootRequest> requests, List<NodeCycle> cycles) {
  /** How many ended requests are kept; older ones are forgotten. */
  public static final int KEPT = 200;

  public Reboots {
    requests = List.copyOf(requests);
    cycles = List.copyOf(cycles);
  }

  public static Reboots empty() {
    return new Reboots(List.of(), List.of());
  }

  /** The requests of {@code node}, oldest first. */
  public List<RebootRequest> of(String node) {
    return requests.stream().filter(r -> r.node().equals(node)).toList();
  }

  /** The active requests of {@code node}, oldest first. */
  public List<RebootRequest> activeOf(String node) {
    return of(node).stream().filter(RebootRequest::active).toList();
  }

  /** The nodes with an active request or a cycle under way, sorted. */
  public List<String> busyNodes() {
    List<String> nodes = new ArrayList<>();
    requests.stream().filter(RebootRequest::active).map(RebootRequest::node).forEach(nodes::add);
    cycles.stream()
        .filter(c -> c.phase() != CyclePhase.IDLE)
        .map(NodeCycle::node)
        .forEach(nodes::add);
    return nodes.stream().distinct().sorted().toList();
  }

  /**
   * The nodes a cycle is taking down or holds down (the master role moving, off, held, powering
   * on): no instance may land there. A node being drained or emptied is drained already or not yet
   * taken, and a node with requests still pending is not taken yet.
   */
  public List<String> downNodes() {
    return nodesIn(EnumSet.of(CyclePhase.MASTER, CyclePhase.OFF, CyclePhase.HELD, CyclePhase.ON));
  }

  /**
   * The nodes a cycle has taken down (off, held, being powered on): out of service whatever their
   * flags say (a held node that was not drained is neither drained nor offline), so that the safety
   * caps count them.
   */
  public List<String> offNodes() {
    return nodesIn(EnumSet.of(CyclePhase.OFF, CyclePhase.HELD, CyclePhase.ON));
  }

  private List<String> nodesIn(Set<CyclePhase> phases) {
    return cycles.stream()
        .filter(c -> phases.contains(c.phase()))
        .map(NodeCycle::node)
        .sorted()
        .toList();
  }

  /** The cycle of {@code node}: stored, or idle since {@code now}. */
  public NodeCycle cycle(String node, Instant now) {
    return find(node).orElseGet(() -> NodeCycle.idle(node, now));
  }

  public Optional<NodeCycle> find(String node) {
    return cycles.stream().filter(c -> c.node().equals(node)).findFirst();
  }

  /** The cycle with the id {@code id}. */
  public Optional<NodeCycle> cycleById(String id) {
    return cycles.stream().filter(c -> c.id().equals(id)).findFirst();
  }

  /** These reboots with one more request. */
  public Reboots add(RebootRequest r) {
    List<RebootRequest> copy = new ArrayList<>(requests);
    copy.add(r);
    return new Reboots(copy, cycles);
  }

  /** These reboots with {@code step}'s cycle and requests in place of theirs. */
  public Reboots with(CycleStep step) {
    List<RebootRequest> copy = new ArrayList<>(requests);
    for (RebootRequest r : step.requests()) {
      copy.replaceAll(x -> x.id().equals(r.id()) ? r : x);
    }
    List<NodeCycle> nodes = new ArrayList<>(cycles);
    nodes.removeIf(c -> c.node().equals(step.cycle().node()));
    nodes.add(step.cycle());
    nodes.sort(Comparator.comparing(NodeCycle::node));
    return new Reboots(pruned(copy), nodes);
  }

  /** The active requests and the newest {@value #KEPT} ended ones, in their order. */
  private static List<RebootRequest> pruned(List<RebootRequest> all) {
    long ended = all.stream().filter(r -> !r.active()).count();
    long drop = Math.max(0, ended - KEPT);
    List<RebootRequest> out = new ArrayList<>();
    for (RebootRequest r : all) {
      if (!r.active() && drop > 0) {
        drop--;
      } else {
        out.add(r);
      }
    }
    return out;
  }
}
