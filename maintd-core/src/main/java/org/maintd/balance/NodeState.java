package org.maintd.balance;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * One node as the balancer tracks it: the fixed capacity and the running sums that the score and
 * the placement checks need, changed as instances are added and removed. Mirrors the bookkeeping of
 * hbal's node model. Copied for trial moves (a copy and its original share the tag maps until one
 * of them changes them); not thread-safe.
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
  double cpuLoad;
  double memLoad;
  double dskLoad;
  double netLoad;
  PeerMap peers = new PeerMap();
  Map<String, Integer> exclusionTags = new HashMap<>();
  Map<String, Integer> locationExclusion = new HashMap<>();

  /** Whether the two tag maps are still shared with the node this one was copied from. */
  private boolean tagsShared;

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
    return copyInto(c);
  }

  /**
   * Sets {@code c}, a copy of this node made before, to this node's running sums, as {@link #copy}
   * would make it; returns it.
   */
  NodeState copyInto(NodeState c) {
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
    c.cpuLoad = cpuLoad;
    c.memLoad = memLoad;
    c.dskLoad = dskLoad;
    c.netLoad = netLoad;
    c.peers = peers.copy();
    c.exclusionTags = exclusionTags;
    c.locationExclusion = locationExclusion;
    c.tagsShared = true;
    tagsShared = true;
    return c;
  }

  /** Adds an instance's load as primary ({@code sign} 1) or takes it away ({@code -1}). */
  void primaryLoad(Utilisation u, int sign) {
    if (sign > 0) {
      cpuLoad += u.cpu();
      memLoad += u.mem();
      dskLoad += u.dsk();
      netLoad += u.net();
    } else {
      cpuLoad -= u.cpu();
      memLoad -= u.mem();
      dskLoad -= u.dsk();
      netLoad -= u.net();
    }
  }

  /** One more primary with exclusion tag {@code tag}. */
  void addExclusionTag(String tag) {
    ownTags();
    exclusionTags.merge(tag, 1, Integer::sum);
  }

  /** One primary with exclusion tag {@code tag} less, if there is one. */
  void removeExclusionTag(String tag) {
    ownTags();
    exclusionTags.computeIfPresent(tag, (k, v) -> v > 1 ? v - 1 : null);
  }

  /** Changes the count of a location and exclusion tag pair; a count of 0 leaves the map. */
  void changePair(String pair, int delta) {
    ownTags();
    locationExclusion.merge(pair, delta, (a, b) -> a + b == 0 ? null : a + b);
  }

  /** Copies the tag maps before the first change of a copy: trial copies that change none share. */
  private void ownTags() {
    if (tagsShared) {
      exclusionTags = new HashMap<>(exclusionTags);
      locationExclusion = new HashMap<>(locationExclusion);
      tagsShared = false;
    }
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
