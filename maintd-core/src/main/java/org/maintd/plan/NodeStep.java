package org.maintd.plan;

/**
 * What one step of a node's run through a campaign came to: the node moved on to its next phase,
 * whose step follows at once; it waits for a later round; it stops the campaign; or it is through.
 */
sealed interface NodeStep {
  /** The node is in its next phase, and that phase's step follows in this pass. */
  record Advanced() implements NodeStep {}

  /** Nothing more for the node this pass, for this reason (the campaign's next says it). */
  record Waits(String reason) implements NodeStep {}

  /** The node stops the campaign, for this reason: nothing further is rebooted, it is skipped. */
  record Failed(String reason) implements NodeStep {}

  /** The node is done or skipped: nothing more for it in this campaign. */
  record Finished() implements NodeStep {}
}
