package org.maintd.reboot;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.wait.CapacityWait;

/**
 * A node driven through its cycle in tests: what the round sees of it (changed by the test), its
 * requests and cycle, and the clock, which each step advances by the seconds given.
 */
final class Node {
  static final Instant T = Instant.parse("2026-11-27T12:00:00Z");

  final RebootCycle cycle;
  NodeCycle state = NodeCycle.idle("n6", T);
  List<RebootRequest> requests = new ArrayList<>();
  Instant now = T;
  boolean drained;
  boolean offline;
  boolean master;
  int primaries;
  String bootId = "boot-1";
  boolean answering = true;
  Optional<Instant> reported = Optional.empty();
  boolean busy;
  Optional<CapacityWait.CapReached> cap = Optional.empty();
  CycleStep last;

  Node(RebootPolicy policy) {
    this.cycle = new RebootCycle(policy);
  }

  static RebootPolicy policy(boolean hardPath, boolean powerControl) {
    return new RebootPolicy(
        Duration.ofSeconds(300), Duration.ofSeconds(900), hardPath, powerControl);
  }

  RebootRequest ask(String id, RebootMode mode, String key, boolean evacuate) {
    RebootRequest r =
        RebootRequest.accepted(
            id,
            new RebootAsk("n6", mode, Optional.ofNullable(key), "test", evacuate, false, "ops"),
            now);
    requests.add(r);
    return r;
  }

  void release(String key) {
    requests.replaceAll(r -> r.hasKey(key) ? r.release("ops", now) : r);
  }

  NodeFacts facts() {
    return new NodeFacts(
        drained, offline, master, primaries, bootId, answering, reported, busy, cap);
  }

  /** One pass, {@code seconds} after the last. */
  CycleStep step(long seconds) {
    now = now.plusSeconds(seconds);
    last = cycle.step(state, requests, facts(), now);
    state = last.cycle();
    requests = new ArrayList<>(last.requests());
    return last;
  }

  CycleStep jobFailed(long seconds, String reason) {
    now = now.plusSeconds(seconds);
    last = cycle.jobFailed(state, requests, reason, now);
    state = last.cycle();
    requests = new ArrayList<>(last.requests());
    return last;
  }

  Optional<Action> action() {
    return last.action();
  }

  RequestStatus status(String id) {
    return requests.stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow().status();
  }

  RebootRequest request(String id) {
    return requests.stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow();
  }
}
