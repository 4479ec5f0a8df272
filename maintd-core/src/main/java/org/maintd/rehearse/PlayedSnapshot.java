package org.maintd.rehearse;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.maintd.cluster.Cluster;

/**
 * The snapshot of the cluster a rehearsal played on: when the daemon read it ({@code read}, where
 * the daemon says), and what changed in the cluster as the daemon saw it when the rehearsal ended
 * ({@code changed}, in {@link ClusterDrift}'s words; empty: nothing). Immutable.
 */
public record PlayedSnapshot(Optional<Instant> read, List<String> changed) {
  /** What is said when the daemon holds no snapshot to compare with at the end. */
  static final String NONE_NOW =
      "the daemon holds no snapshot of the cluster now: what changed cannot be told";

  public PlayedSnapshot {
    changed = List.copyOf(changed);
  }

  /**
   * The snapshot {@code played}, read at {@code read}, against the daemon's newest snapshot at the
   * end, {@code newest} (empty: it holds none).
   */
  public static PlayedSnapshot of(
      Optional<Instant> read, Cluster played, Optional<Cluster> newest) {
    return new PlayedSnapshot(
        read, newest.map(n -> ClusterDrift.between(played, n)).orElse(List.of(NONE_NOW)));
  }
}
