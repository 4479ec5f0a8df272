package org.maintd.daemon.simulation;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the simulated world saw maintd do, in order: every job the cluster accepted and every repair
 * command a node ran, each with its intent key and owner. The invariants about "never twice" and
 * "nothing for a cancelled incident" are checked against it.
 */
final class Ledger {
  /**
   * One action, numbered in the order it happened; a balancing job's {@code detail} is where its
   * instance was when it was submitted ({@code primary:secondary}), empty otherwise.
   */
  record Action(long seq, String kind, String key, String owner, String detail) {}

  private final List<Action> actions = new ArrayList<>();
  private final Map<String, Action> byKey = new HashMap<>();
  private final List<String> violations = new ArrayList<>();

  void record(String kind, String key, String owner) {
    record(kind, key, owner, "");
  }

  void record(String kind, String key, String owner, String detail) {
    Action a = new Action(actions.size() + 1L, kind, key, owner, detail);
    Action before = byKey.putIfAbsent(kind + " " + key, a);
    if (before != null) {
      violations.add(
          kind
              + " for intent "
              + key
              + " happened twice (actions "
              + before.seq()
              + " and "
              + a.seq()
              + ")");
    }
    actions.add(a);
  }

  long last() {
    return actions.size();
  }

  List<Action> since(long seq) {
    return actions.subList((int) seq, actions.size());
  }

  int count() {
    return actions.size();
  }

  List<String> violations() {
    return violations;
  }
}
