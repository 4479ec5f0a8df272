package org.maintd.balance;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * One node as the balancer tracks it: the fixed capacity and the running sums that the score and
 * the placement checks need, changed as instances are added and removed. Mirrors the bookkeeping of
 * hbal's node model. Copied for trial moves; not thread-safe.
 */
final class NodeState {
  final int index;
  final String name;
  final boolean offline;
  final long tMem;
  final long nMem;
  final long xMem;
  final long tDsk;
  final double tCpu;
  final double cpuSpeed;
  final boolean exclusive;
  final long tSpindles;
  final double hiSpindles;
  final double vcpuRatio;
  final Set<String> locations;
  final Set<String> migTags;
  final Set<String> recvMigTags;

  long iMem;
  long fMemForth;
  long fDsk;
  long fDskForth;
  long fSpindles;
  long uCpu;
  long uCpuForth;
  double instSpindles;
  double instSpindlesForth;
  int primaries;
  int secondaries;
  long rMem;
  boolean failN1;
  int locationScore;
  Map<Integer, Long> peers = new HashMap<>();
  Map<String, Integer> exclusionTags = new HashMap<>();
  Map<String, Integer> locationExclusion = new HashMap<>();

  NodeState(
      int index,
      String name,
      boolean offline,
      long tMem,
      long nMem,
      long xMem,
      long tDsk,
      double tCpu,
      double cpuSpeed,
      boolean exclusive,
      long tSpindles,
      double hiSpindles,
      double vcpuRatio,
      Set<String> locations,
      Set<String> migTags,
      Set<String> recvMigTags) {
    this.index = index;
    this.name = name;
    this.offline = offline;
    this.tMem = tMem;
    this.nMem = nMem;
    this.xMem = xMem;
    this.tDsk = tDsk;
    this.tCpu = tCpu;
    this.cpuSpeed = cpuSpeed;
    this.exclusive = exclusive;
    this.tSpindles = tSpindles;
    this.hiSpindles = hiSpindles;
    this.vcpuRatio = vcpuRatio;
    this.locations = locations;
    this.migTags = migTags;
    this.recvMigTags = recvMigTags;
  }

  NodeState copy() {
    NodeState c =
        new NodeState(
            index,
            name,
            offline,
            tMem,
            nMem,
            xMem,
            tDsk,
            tCpu,
            cpuSpeed,
            exclusive,
            tSpindles,
            hiSpindles,
            vcpuRatio,
            locations,
            migTags,
            recvMigTags);
    c.iMem = iMem;
    c.fMemForth = fMemForth;
    c.fDsk = fDsk;
    c.fDskForth = fDskForth;
    c.fSpindles = fSpindles;
    c.uCpu = uCpu;
    c.uCpuForth = uCpuForth;
    c.instSpindles = instSpindles;
    c.instSpindlesForth = instSpindlesForth;
    c.primaries = primaries;
    c.secondaries = secondaries;
    c.rMem = rMem;
    c.failN1 = failN1;
    c.locationScore = locationScore;
    c.peers = new HashMap<>(peers);
    c.exclusionTags = new HashMap<>(exclusionTags);
    c.locationExclusion = new HashMap<>(locationExclusion);
    return c;
  }

  /** Memory not used by instances, less what the node reported missing. */
  long unallocated() {
    return tMem - nMem - iMem - Math.max(0, xMem);
  }

  long unallocatedWith(long extraInstMem) {
    return tMem - nMem - iMem - extraInstMem - Math.max(0, xMem);
  }

  static Set<String> set() {
    return new HashSet<>();
  }
}
