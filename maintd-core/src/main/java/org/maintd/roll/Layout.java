package org.maintd.roll;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;

/**
 * Where instances are and what room nodes have, as hroller models it while it plans: memory by the
 * instances' sizes (with the node's missing memory kept from the snapshot), local disk (DRBD and
 * plain), and the primary and secondary lists of each node, newest first. Moves here are forced
 * (only free memory and disk above zero are checked, no N+1 or policy), as in hroller. Copied per
 * reboot group; changes since a mark can be rolled back. Not thread-safe.
 */
final class Layout {
  private final Cluster cluster;
  private final long[] totalMem;
  private final long[] nodeMem;
  private final long[] missingMem;
  private final long[] instMem;
  private final long[] freeDisk;
  private final boolean[] exclusive;
  private final long[] freeSpindles;
  private final int[] primary;
  private final int[] secondary;
  private final List<List<Integer>> primaries;
  private final List<List<Integer>> secondaries;
  private final List<Runnable> undo = new ArrayList<>();

  private Layout(Layout o) {
    cluster = o.cluster;
    totalMem = o.totalMem;
    nodeMem = o.nodeMem;
    missingMem = o.missingMem;
    exclusive = o.exclusive;
    instMem = o.instMem.clone();
    freeDisk = o.freeDisk.clone();
    freeSpindles = o.freeSpindles.clone();
    primary = o.primary.clone();
    secondary = o.secondary.clone();
    primaries = new ArrayList<>();
    o.primaries.forEach(l -> primaries.add(new ArrayList<>(l)));
    secondaries = new ArrayList<>();
    o.secondaries.forEach(l -> secondaries.add(new ArrayList<>(l)));
  }

  Layout(Cluster cluster) {
    this.cluster = cluster;
    int n = cluster.nodes().size();
    totalMem = new long[n];
    nodeMem = new long[n];
    missingMem = new long[n];
    instMem = new long[n];
    freeDisk = new long[n];
    exclusive = new boolean[n];
    freeSpindles = new long[n];
    primaries = new ArrayList<>();
    secondaries = new ArrayList<>();
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < n; i++) {
      Node node = cluster.nodes().get(i);
      index.put(node.name(), i);
      totalMem[i] = node.resources().memTotal();
      nodeMem[i] = node.resources().memNode();
      freeDisk[i] = node.resources().diskFree();
      exclusive[i] = node.resources().exclusiveStorage();
      freeSpindles[i] = node.resources().freeSpindles();
      primaries.add(new ArrayList<>());
      secondaries.add(new ArrayList<>());
    }
    int count = cluster.instances().size();
    primary = new int[count];
    secondary = new int[count];
    for (int i = 0; i < count; i++) {
      Instance inst = cluster.instances().get(i);
      primary[i] = index.get(inst.primary());
      secondary[i] = inst.secondary().isEmpty() ? -1 : index.get(inst.secondary());
      if (!inst.forthcoming()) {
        primaries.get(primary[i]).add(0, i);
        if (inst.usesMemory()) {
          instMem[primary[i]] += inst.memory();
        }
        if (secondary[i] >= 0) {
          secondaries.get(secondary[i]).add(0, i);
        }
      }
    }
    for (int i = 0; i < n; i++) {
      long recorded = totalMem[i] - nodeMem[i] - instMem[i];
      missingMem[i] = recorded - cluster.nodes().get(i).resources().memFree();
    }
  }

  /**
   * Nodes whose free memory or disk in the snapshot is well below what their instances explain
   * (more than 512 MiB of memory or 1 GiB of disk missing), described as hroller does, last node
   * first.
   */
  List<String> inconsistencies() {
    List<String> out = new ArrayList<>();
    for (int n = 0; n < nodeCount(); n++) {
      Node node = node(n);
      long used = 0;
      for (int i : primaries.get(n)) {
        used += instance(i).disk();
      }
      for (int i : secondaries.get(n)) {
        used += instance(i).disk();
      }
      long deltaDisk = node.resources().diskTotal() - node.resources().diskFree() - used;
      if (missingMem[n] > 512 || deltaDisk > 1024) {
        out.add(
            0,
            "node "
                + node.name()
                + " is missing "
                + missingMem[n]
                + " MB ram and "
                + Math.floorDiv(deltaDisk, 1024)
                + " GB disk");
      }
    }
    return out;
  }

  Layout copy() {
    return new Layout(this);
  }

  /** A point to roll back to. */
  int mark() {
    return undo.size();
  }

  /** Undoes every change made since {@code mark}. */
  void rollback(int mark) {
    while (undo.size() > mark) {
      undo.remove(undo.size() - 1).run();
    }
  }

  /** Keeps the changes made so far: they can no longer be rolled back. */
  void commit() {
    undo.clear();
  }

  private void setLong(long[] a, int i, long v) {
    long old = a[i];
    undo.add(() -> a[i] = old);
    a[i] = v;
  }

  private void setInt(int[] a, int i, int v) {
    int old = a[i];
    undo.add(() -> a[i] = old);
    a[i] = v;
  }

  private void prepend(List<Integer> list, int v) {
    list.add(0, v);
    undo.add(() -> list.remove(0));
  }

  private void delete(List<Integer> list, int v) {
    int at = list.indexOf(v);
    if (at >= 0) {
      list.remove(at);
      undo.add(() -> list.add(at, v));
    }
  }

  int nodeCount() {
    return totalMem.length;
  }

  int instanceCount() {
    return primary.length;
  }

  int primary(int inst) {
    return primary[inst];
  }

  int secondary(int inst) {
    return secondary[inst];
  }

  boolean hasSecondary(int inst) {
    return instance(inst).diskTemplate() == DiskTemplate.DRBD;
  }

  Instance instance(int inst) {
    return cluster.instances().get(inst);
  }

  Node node(int n) {
    return cluster.nodes().get(n);
  }

  /** The node's primary instances, newest first. */
  List<Integer> primaryList(int n) {
    return primaries.get(n);
  }

  /** The node's secondary instances, newest first. */
  List<Integer> secondaryList(int n) {
    return secondaries.get(n);
  }

  /**
   * Moves a non-redundant instance to {@code target}; false (and nothing changed) if it does not
   * fit.
   */
  boolean move(int inst, int target) {
    if (!addPrimary(target, inst)) {
      return false;
    }
    removePrimary(primary[inst], inst);
    setInt(primary, inst, target);
    return true;
  }

  /**
   * Migrates a DRBD instance to its secondary, the old primary becoming the secondary. When that
   * does not fit, the layout is left half-changed: callers give up on it.
   */
  boolean migrate(int inst) {
    int p = primary[inst];
    int s = secondary[inst];
    removePrimary(p, inst);
    removeSecondary(s, inst);
    if (!addPrimary(s, inst) || !addSecondary(p, inst)) {
      return false;
    }
    setInt(primary, inst, s);
    setInt(secondary, inst, p);
    return true;
  }

  /** Gives a DRBD instance a new secondary; false (nothing changed) if it cannot go there. */
  boolean replaceSecondary(int inst, int target) {
    if (primary[inst] == target || !addSecondary(target, inst)) {
      return false;
    }
    removeSecondary(secondary[inst], inst);
    setInt(secondary, inst, target);
    return true;
  }

  private boolean addPrimary(int n, int inst) {
    Instance i = instance(inst);
    long mem = instMem[n] + (i.usesMemory() ? i.memory() : 0);
    long free = totalMem[n] - nodeMem[n] - mem - Math.max(0, missingMem[n]);
    boolean disk = i.usesLocalStorage();
    long newDisk = disk ? freeDisk[n] - i.disk() : freeDisk[n];
    long spindles = spindlesAfter(n, i, true);
    if (free <= 0 || (disk && newDisk <= 0) || (disk && exclusive[n] && spindles < 0)) {
      return false;
    }
    setLong(instMem, n, mem);
    setLong(freeDisk, n, newDisk);
    setLong(freeSpindles, n, spindles);
    prepend(primaries.get(n), inst);
    return true;
  }

  private void removePrimary(int n, int inst) {
    Instance i = instance(inst);
    delete(primaries.get(n), inst);
    if (i.usesMemory()) {
      setLong(instMem, n, instMem[n] - i.memory());
    }
    if (i.usesLocalStorage()) {
      setLong(freeDisk, n, freeDisk[n] + i.disk());
    }
    setLong(freeSpindles, n, spindlesAfter(n, i, false));
  }

  private boolean addSecondary(int n, int inst) {
    Instance i = instance(inst);
    long newDisk = freeDisk[n] - i.disk();
    long spindles = spindlesAfter(n, i, true);
    if (!hasSecondary(inst) || newDisk <= 0 || (exclusive[n] && spindles < 0)) {
      return false;
    }
    setLong(freeDisk, n, newDisk);
    setLong(freeSpindles, n, spindles);
    prepend(secondaries.get(n), inst);
    return true;
  }

  private void removeSecondary(int n, int inst) {
    Instance i = instance(inst);
    delete(secondaries.get(n), inst);
    if (i.usesLocalStorage()) {
      setLong(freeDisk, n, freeDisk[n] + i.disk());
    }
    setLong(freeSpindles, n, spindlesAfter(n, i, false));
  }

  /**
   * Free spindles after adding or removing the instance; only exclusive-storage nodes count them.
   */
  private long spindlesAfter(int n, Instance i, boolean add) {
    if (!exclusive[n]) {
      return 0;
    }
    Long total = i.spindles().equals("-") ? null : Long.valueOf(i.spindles());
    if (total == null) {
      return add ? -1 : freeSpindles[n];
    }
    return add ? freeSpindles[n] - total : freeSpindles[n] + total;
  }
}
