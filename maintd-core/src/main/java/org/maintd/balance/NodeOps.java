package org.maintd.balance;

import java.util.Set;

/**
 * Adding and removing an instance on a node, with the checks hbal makes when it is strict (not
 * forced): memory and disk above zero, the N+1 guarantee not newly broken, the vCPU ratio and
 * spindle limits, no second instance with the same exclusion tag. Each method changes the node it
 * is given (callers pass copies for trial moves) and says whether the change is allowed.
 */
final class NodeOps {
  private NodeOps() {}

  static boolean addPrimary(NodeState n, BalanceInstance i, boolean force, int locationScore) {
    boolean strict = !force;
    if (i.forthcoming) {
      return addForthcomingPrimary(n, i, strict);
    }
    long newInstMem = n.iMem + (i.usesMemory ? i.mem() : 0);
    long newFree = n.unallocatedWith(newInstMem - n.iMem);
    boolean newFailN1 = newFree <= n.rMem;
    long newDisk = i.local ? n.fDsk - i.disk() : n.fDsk;
    long newSpindlesFree = spindlesAfter(n, i, true);
    double newInstSp = n.exclusive ? 0 : n.instSpindles + (i.local ? i.instance.spindleUse() : 0);
    long newUcpu = n.uCpu + (i.notOffline ? i.instance.vcpus() : 0);
    double newPcpu = newUcpu / n.tCpu;
    long newMemForth = n.fMemForth - i.mem();
    long newDiskForth = i.local ? n.fDskForth - i.disk() : n.fDskForth;
    double newInstSpForth =
        n.exclusive ? 0 : n.instSpindlesForth + (i.local ? i.instance.spindleUse() : 0);
    long newUcpuForth = n.uCpuForth + (i.notOffline ? i.instance.vcpus() : 0);
    if (newFree <= 0
        || (i.local && newDisk <= 0)
        || (i.local && n.exclusive && newSpindlesFree < 0)) {
      return false;
    }
    if (strict) {
      if ((i.local && newInstSp > n.hiSpindles)
          || (newFailN1 && !n.failN1)
          || (n.vcpuRatio >= 0 && n.vcpuRatio < newPcpu)
          || clashes(n, i)) {
        return false;
      }
      if (newMemForth <= 0
          || (i.local && newDiskForth <= 0)
          || (i.local && newInstSpForth > n.hiSpindles)
          || (n.vcpuRatio >= 0 && n.vcpuRatio < newUcpuForth / n.tCpu)) {
        return false;
      }
    }
    n.iMem = newInstMem;
    n.failN1 = newFailN1;
    n.fDsk = newDisk;
    n.fSpindles = newSpindlesFree;
    n.instSpindles = newInstSp;
    n.uCpu = newUcpu;
    n.fMemForth = newMemForth;
    n.fDskForth = newDiskForth;
    n.instSpindlesForth = newInstSpForth;
    n.uCpuForth = newUcpuForth;
    n.primaries++;
    n.primaryLoad(i.util, 1);
    n.locationScore += locationScore;
    addTags(n, i);
    pairs(n, i, 1);
    return true;
  }

  /** A forthcoming instance only counts in the "forth" sums and the exclusion tags. */
  private static boolean addForthcomingPrimary(NodeState n, BalanceInstance i, boolean strict) {
    long newMemForth = n.fMemForth - i.mem();
    long newDiskForth = i.local ? n.fDskForth - i.disk() : n.fDskForth;
    double newInstSpForth =
        n.exclusive ? 0 : n.instSpindlesForth + (i.local ? i.instance.spindleUse() : 0);
    long newUcpuForth = n.uCpuForth + (i.notOffline ? i.instance.vcpus() : 0);
    if (strict
        && (newMemForth <= 0
            || (i.local && newDiskForth <= 0)
            || (i.local && newInstSpForth > n.hiSpindles)
            || (n.vcpuRatio >= 0 && n.vcpuRatio < newUcpuForth / n.tCpu))) {
      return false;
    }
    n.fMemForth = newMemForth;
    n.fDskForth = newDiskForth;
    n.instSpindlesForth = newInstSpForth;
    n.uCpuForth = newUcpuForth;
    addTags(n, i);
    return true;
  }

  static void removePrimary(NodeState n, BalanceInstance i, int locationScore) {
    if (i.forthcoming) {
      n.fMemForth += i.mem();
      n.fDskForth += i.local ? i.disk() : 0;
      n.instSpindlesForth =
          n.exclusive ? 0 : n.instSpindlesForth - (i.local ? i.instance.spindleUse() : 0);
      n.uCpuForth -= i.notOffline ? i.instance.vcpus() : 0;
      removeTags(n, i);
      return;
    }
    n.iMem -= i.usesMemory ? i.mem() : 0;
    n.failN1 = n.unallocated() <= n.rMem;
    n.fDsk += i.local ? i.disk() : 0;
    n.fSpindles = spindlesAfter(n, i, false);
    n.instSpindles = n.exclusive ? 0 : n.instSpindles - (i.local ? i.instance.spindleUse() : 0);
    n.uCpu -= i.notOffline ? i.instance.vcpus() : 0;
    n.fMemForth += i.mem();
    n.fDskForth += i.local ? i.disk() : 0;
    n.instSpindlesForth =
        n.exclusive ? 0 : n.instSpindlesForth - (i.local ? i.instance.spindleUse() : 0);
    n.uCpuForth -= i.notOffline ? i.instance.vcpus() : 0;
    n.primaries--;
    n.primaryLoad(i.util, -1);
    n.locationScore -= locationScore;
    removeTags(n, i);
    pairs(n, i, -1);
  }

  static boolean addSecondary(
      NodeState n, BalanceInstance i, int primary, boolean force, boolean ignoreDisks) {
    boolean strict = !force;
    if (i.forthcoming) {
      long newDiskForth = n.fDskForth - i.disk();
      double newInstSpForth =
          n.exclusive ? 0 : n.instSpindlesForth + (i.local ? i.instance.spindleUse() : 0);
      long neededForth = i.usesSecMem ? i.mem() : 0;
      if (i.mirror != BalanceInstance.Mirror.INTERNAL
          || (strict
              && (newDiskForth <= 0
                  || newInstSpForth > n.hiSpindles
                  || neededForth >= n.fMemForth))) {
        return false;
      }
      n.fDskForth = newDiskForth;
      n.instSpindlesForth = newInstSpForth;
      return true;
    }
    long needed = i.usesSecMem ? i.mem() : 0;
    long newPeer = n.peers.get(primary) + needed;
    long oldMem = n.unallocated();
    long newDisk = n.fDsk - i.disk();
    long newSpindlesFree = spindlesAfter(n, i, true);
    double newInstSp = n.exclusive ? 0 : n.instSpindles + (i.local ? i.instance.spindleUse() : 0);
    long newRmem = Math.max(n.rMem, newPeer);
    boolean newFailN1 = oldMem <= newRmem;
    long newDiskForth = n.fDskForth - i.disk();
    double newInstSpForth =
        n.exclusive ? 0 : n.instSpindlesForth + (i.local ? i.instance.spindleUse() : 0);
    if (i.mirror != BalanceInstance.Mirror.INTERNAL
        || (!ignoreDisks && newDisk <= 0)
        || (n.exclusive && newSpindlesFree < 0)) {
      return false;
    }
    if (strict) {
      if (newInstSp > n.hiSpindles || needed >= oldMem || (newFailN1 && !n.failN1)) {
        return false;
      }
      if (newDiskForth <= 0 || newInstSpForth > n.hiSpindles || needed >= n.fMemForth) {
        return false;
      }
    }
    n.peers.put(primary, newPeer);
    n.rMem = newRmem;
    n.failN1 = newFailN1;
    n.fDsk = newDisk;
    n.fSpindles = newSpindlesFree;
    n.instSpindles = newInstSp;
    n.fDskForth = newDiskForth;
    n.instSpindlesForth = newInstSpForth;
    n.secondaries++;
    n.dskLoad += i.util.dsk();
    return true;
  }

  static void removeSecondary(NodeState n, BalanceInstance i, int primary) {
    if (i.forthcoming) {
      n.fDskForth += i.local ? i.disk() : 0;
      n.instSpindlesForth =
          n.exclusive ? 0 : n.instSpindlesForth - (i.local ? i.instance.spindleUse() : 0);
      return;
    }
    long oldPeer = n.peers.get(primary);
    long newPeer = oldPeer - (i.usesSecMem ? i.mem() : 0);
    if (newPeer > 0) {
      n.peers.put(primary, newPeer);
    } else {
      n.peers.remove(primary);
    }
    if (oldPeer >= n.rMem) {
      n.rMem = n.peers.max();
    }
    n.failN1 = n.unallocated() <= n.rMem;
    n.fDsk += i.local ? i.disk() : 0;
    n.fSpindles = spindlesAfter(n, i, false);
    n.instSpindles = n.exclusive ? 0 : n.instSpindles - (i.local ? i.instance.spindleUse() : 0);
    n.fDskForth += i.local ? i.disk() : 0;
    n.instSpindlesForth =
        n.exclusive ? 0 : n.instSpindlesForth - (i.local ? i.instance.spindleUse() : 0);
    n.secondaries--;
    n.dskLoad -= i.util.dsk();
  }

  /**
   * Whether instances may migrate from {@code source} to {@code target} under the migration tags.
   */
  static boolean canMigrate(NodeState source, NodeState target) {
    return source.migTags.isEmpty() || target.recvMigTags.containsAll(source.migTags);
  }

  private static long spindlesAfter(NodeState n, BalanceInstance i, boolean add) {
    if (!n.exclusive) {
      return 0;
    }
    if (i.spindles < 0) {
      return add ? -1 : n.fSpindles;
    }
    return add ? n.fSpindles - i.spindles : n.fSpindles + i.spindles;
  }

  /** Whether the node has a primary with one of the instance's exclusion tags. */
  private static boolean clashes(NodeState n, BalanceInstance i) {
    for (int k = 0; k < i.exclusionTags.size(); k++) {
      if (n.exclusionTags.containsKey(i.exclusionTags.get(k))) {
        return true;
      }
    }
    return false;
  }

  private static void addTags(NodeState n, BalanceInstance i) {
    for (int k = 0; k < i.exclusionTags.size(); k++) {
      n.addExclusionTag(i.exclusionTags.get(k));
    }
  }

  private static void removeTags(NodeState n, BalanceInstance i) {
    for (int k = 0; k < i.exclusionTags.size(); k++) {
      n.removeExclusionTag(i.exclusionTags.get(k));
    }
  }

  private static void pairs(NodeState n, BalanceInstance i, int delta) {
    Set<String> locations = n.locations;
    if (locations.isEmpty() || i.exclusionTags.isEmpty()) {
      return;
    }
    for (String loc : locations) {
      for (String ex : i.exclusionTags) {
        n.changePair(loc + "\u0000" + ex, delta);
      }
    }
  }
}
