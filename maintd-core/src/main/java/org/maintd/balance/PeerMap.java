package org.maintd.balance;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The memory a node holds in reserve as secondary, per primary node (by index), as hbal's peer map
 * keeps it: a few entries, kept in two small arrays that a trial copy shares with its original
 * until one of them changes them. Not thread-safe.
 */
final class PeerMap {
  private int[] keys;
  private long[] values;
  private int size;

  /** Whether the arrays may be shared with a copy or its original. */
  private boolean shared;

  PeerMap() {
    this(new int[4], new long[4], 0);
  }

  private PeerMap(int[] keys, long[] values, int size) {
    this.keys = keys;
    this.values = values;
    this.size = size;
  }

  /** The memory reserved for {@code primary}; 0 if none. */
  long get(int primary) {
    int k = find(primary);
    return k < 0 ? 0 : values[k];
  }

  void put(int primary, long memory) {
    own();
    int k = find(primary);
    if (k >= 0) {
      values[k] = memory;
      return;
    }
    if (size == keys.length) {
      keys = Arrays.copyOf(keys, size * 2);
      values = Arrays.copyOf(values, size * 2);
    }
    keys[size] = primary;
    values[size++] = memory;
  }

  void remove(int primary) {
    int k = find(primary);
    if (k >= 0) {
      own();
      size--;
      keys[k] = keys[size];
      values[k] = values[size];
    }
  }

  /** The largest reserve; 0 if none. */
  long max() {
    long max = 0;
    for (int k = 0; k < size; k++) {
      max = Math.max(max, values[k]);
    }
    return max;
  }

  long sum() {
    long sum = 0;
    for (int k = 0; k < size; k++) {
      sum += values[k];
    }
    return sum;
  }

  PeerMap copy() {
    PeerMap c = new PeerMap(keys, values, size);
    c.shared = true;
    shared = true;
    return c;
  }

  /** Copies the arrays before the first change while they may be shared. */
  private void own() {
    if (shared) {
      keys = keys.clone();
      values = values.clone();
      shared = false;
    }
  }

  /** The entries, by primary. */
  Map<Integer, Long> asMap() {
    Map<Integer, Long> out = new TreeMap<>();
    for (int k = 0; k < size; k++) {
      out.put(keys[k], values[k]);
    }
    return out;
  }

  private int find(int primary) {
    for (int k = 0; k < size; k++) {
      if (keys[k] == primary) {
        return k;
      }
    }
    return -1;
  }
}
