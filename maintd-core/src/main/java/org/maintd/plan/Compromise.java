package org.maintd.plan;

/**
 * What placing an instance on a node breaks that should hold, each with its own text: N+1 (the node
 * could no longer take over its peers' instances), or an exclusion tag already on the node.
 * Immutable.
 */
sealed interface Compromise {
  /** What it says, after "although". */
  String text();

  /** The node could no longer take over the DRBD instances of its peers. */
  record NPlusOne(String node) implements Compromise {
    @Override
    public String text() {
      return node + " could no longer take over its peers' instances (N+1)";
    }
  }

  /** The node already runs an instance with the exclusion tag {@code tag}. */
  record ExclusionTag(String node, String tag) implements Compromise {
    @Override
    public String text() {
      return node + " already runs an instance tagged " + tag;
    }
  }
}
