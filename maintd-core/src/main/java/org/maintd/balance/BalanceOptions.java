package org.maintd.balance;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.util.ArrayList;
import java.util.List;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;

/**
 * What the balancer may do, as hbal's algorithm options say it: whether moves may change an
 * instance's disks ({@code --no-disk-moves} clears {@code diskMoves}) or its primary ({@code
 * --no-instance-moves} clears {@code instanceMoves}); in evacuation mode ({@code --evac-mode}) only
 * instances with a node offline or drained move; soft errors (policy, N+1, exclusion tags, vCPU
 * ratio) may be ignored ({@code --ignore-soft-errors}); a step is taken when it lowers the score
 * and either the score before it is above {@code minGainLimit} ({@code --min-gain-limit}) or it
 * gains at least {@code minGain} ({@code -g}); only the instances {@code selectInstances} names
 * move (none named: all), never those {@code excludeInstances} names ({@code --select-instances},
 * {@code --exclude-instances}; names as hbal matches them, see {@link InstanceLookup}); with {@code
 * restrictedMigration} ({@code --restricted-migration}) a DRBD instance never gets a new primary by
 * migrating to its secondary and back, and gets one by a new secondary and a migration to it only
 * when its primary is offline or drained: only migrations off such nodes are made; with {@code
 * searchTries} above 0, where no move gains enough the daemon's balancing tries that many first
 * moves beyond hbal's last (see {@link Balancer#searchStep}). Immutable.
 */
@RecordBuilder
public record BalanceOptions(
    boolean diskMoves,
    boolean instanceMoves,
    boolean evacMode,
    boolean ignoreSoftErrors,
    double minGain,
    double minGainLimit,
    List<String> selectInstances,
    List<String> excludeInstances,
    boolean restrictedMigration,
    int searchTries)
    implements BalanceOptionsBuilder.With {
  public BalanceOptions {
    if (searchTries < 0) {
      throw new IllegalArgumentException("searchTries must not be negative, not " + searchTries);
    }
    if (Double.isNaN(minGain) || Double.isNaN(minGainLimit)) {
      throw new IllegalArgumentException(
          "minGain and minGainLimit must be numbers, not " + minGain + " and " + minGainLimit);
    }
    selectInstances = List.copyOf(selectInstances);
    excludeInstances = List.copyOf(excludeInstances);
  }

  /** hbal's defaults: every move, strict checks, a gain of 0.01 asked below a score of 0.1. */
  public static BalanceOptions hbal() {
    return new BalanceOptions(true, true, false, false, 0.01, 0.1, List.of(), List.of(), false, 0);
  }

  /**
   * hbal's defaults with the gain rule of Ganeti's maintenance daemon for {@code threshold}: any
   * gain while the score is above ten times the threshold, at least the threshold below it.
   */
  public static BalanceOptions threshold(double threshold) {
    return hbal().withMinGain(threshold).withMinGainLimit(10 * threshold);
  }

  /** Whether a step from score {@code before} to {@code after} is taken (hbal's tryBalance). */
  public boolean accepts(double before, double after) {
    return after < before && (before > minGainLimit || before - after >= minGain);
  }

  /** The names of {@code selectInstances}, then {@code excludeInstances}, that name no instance. */
  public List<String> unknownInstances(Cluster cluster) {
    List<String> keys = new ArrayList<>(selectInstances);
    keys.addAll(excludeInstances);
    return InstanceLookup.unknown(cluster.instances().stream().map(Instance::name).toList(), keys);
  }
}
