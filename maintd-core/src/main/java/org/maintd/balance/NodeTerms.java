package org.maintd.balance;

import java.util.Arrays;

/**
 * A node's value of each score term (indexed by {@link ScoreComponent#ordinal}), before the group's
 * spreads and sums are taken: an offline node counts only in the two offline terms. Stateless.
 */
final class NodeTerms {
  private static final int TERMS = ScoreComponent.values().length;

  private NodeTerms() {}

  static double[] of(NodeState n) {
    return of(n, new double[TERMS]);
  }

  /** The node's values written into {@code v}, which it returns. */
  static double[] of(NodeState n, double[] v) {
    Arrays.fill(v, 0);
    if (n.offline) {
      v[ScoreComponent.OFFLINE_ALL_CNT.ordinal()] = n.primaries + n.secondaries;
      v[ScoreComponent.OFFLINE_PRI_CNT.ordinal()] = n.primaries;
      return v;
    }
    double tMem = n.tMem;
    double pDsk = n.exclusive ? pct(n.fSpindles, n.tSpindles) : pct(n.fDsk, n.tDsk);
    v[ScoreComponent.FREE_MEM_CV.ordinal()] = n.unallocated() / tMem;
    v[ScoreComponent.FREE_DISK_CV.ordinal()] = pDsk;
    v[ScoreComponent.N1_CNT.ordinal()] = n.failN1 ? n.primaries + n.secondaries : 0;
    v[ScoreComponent.RESERVED_MEM_CV.ordinal()] = n.rMem / tMem;
    v[ScoreComponent.VCPU_RATIO_CV.ordinal()] = n.uCpu / n.tCpu / n.cpuSpeed;
    v[ScoreComponent.CPU_LOAD_CV.ordinal()] = n.cpuLoad;
    v[ScoreComponent.MEM_LOAD_CV.ordinal()] = n.memLoad;
    v[ScoreComponent.DISK_LOAD_CV.ordinal()] = n.dskLoad;
    v[ScoreComponent.NET_LOAD_CV.ordinal()] = n.netLoad;
    v[ScoreComponent.PRI_TAGS_SCORE.ordinal()] = tagsScore(n);
    v[ScoreComponent.SPINDLES_CV.ordinal()] = n.exclusive ? 0 : n.instSpindles / n.hiSpindles;
    v[ScoreComponent.FREE_MEM_CV_FORTH.ordinal()] = n.fMemForth / tMem;
    v[ScoreComponent.FREE_DISK_CV_FORTH.ordinal()] = n.exclusive ? pDsk : pct(n.fDskForth, n.tDsk);
    v[ScoreComponent.VCPU_RATIO_CV_FORTH.ordinal()] = n.uCpuForth / n.tCpu / n.cpuSpeed;
    v[ScoreComponent.SPINDLES_CV_FORTH.ordinal()] =
        n.exclusive ? 0 : n.instSpindlesForth / n.hiSpindles;
    v[ScoreComponent.LOCATION_SCORE.ordinal()] = n.locationScore;
    v[ScoreComponent.RESERVED_MEM_RTOTAL.ordinal()] = n.rMem / tMem;
    return v;
  }

  /** The primaries beyond the first of each exclusion tag. */
  private static int tagsScore(NodeState n) {
    if (n.exclusionTags.isEmpty()) {
      return 0;
    }
    int sum = 0;
    for (int c : n.exclusionTags.values()) {
      sum += c;
    }
    return sum - n.exclusionTags.size();
  }

  private static double pct(long free, long total) {
    return total == 0 ? 1.0 : (double) free / total;
  }
}
