package org.maintd.daemon.backend.sim;

/**
 * An injected failure: the next {@code times} operations of kind {@code op} (optionally only on
 * {@code node} or {@code instance}) fail. Empty strings match anything.
 */
public record FailRule(String op, String node, String instance, int times) {
  public FailRule {
    node = node == null ? "" : node;
    instance = instance == null ? "" : instance;
  }

  boolean matches(org.maintd.job.Operation operation) {
    return operation.kind().equals(op)
        && (node.isEmpty() || operation.nodes().contains(node))
        && (instance.isEmpty() || operation.instances().contains(instance));
  }

  FailRule used() {
    return new FailRule(op, node, instance, times - 1);
  }
}
