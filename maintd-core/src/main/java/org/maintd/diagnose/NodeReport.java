package org.maintd.diagnose;

/** What a verified report from a node's collector says. */
public sealed interface NodeReport {

  /** The node reports {@code Ok}. */
  record Healthy() implements NodeReport {}

  /** The node asks for an action. */
  record NeedsAction(Diagnosis diagnosis) implements NodeReport {}

  /** The collector could not diagnose the node; it reports {@code Ok} and never an action. */
  record CollectorError(String reason) implements NodeReport {}
}
