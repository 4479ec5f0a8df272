package org.maintd.balance;

/**
 * A move to make again on another model of the same cluster: the instance's index among the model's
 * instances, the kind, the node it names (indexed as the cluster's nodes).
 */
record Step(int instance, MoveKind kind, int target) {
  /** The step of candidate {@code c} of {@code model}. */
  static Step of(BalanceModel model, Candidate c) {
    BalanceInstance[] instances = model.instances();
    for (int k = 0; k < instances.length; k++) {
      if (instances[k] == c.instance()) {
        return new Step(k, c.kind(), c.target());
      }
    }
    throw new IllegalArgumentException(
        "no instance " + c.instance().instance.name() + " in the model");
  }

  /** The move on {@code model}, as it stands now. */
  Candidate on(BalanceModel model) {
    return new Candidate(model.instances()[instance], kind, target, Double.NaN);
  }
}
