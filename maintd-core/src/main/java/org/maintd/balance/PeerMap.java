package org.maintd.balance;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The memory a node holds in reserve as secondary, per primary node (by index), as hbal's peer map
 * keeps it: a few entries, kept in two small arrays so that a trial copy costs two array copies.
 * Not thread-safe.
 */
final class PeerMap {
  private int[] keys;
  private long[] values;
  private int size;

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
    return new PeerMap(keys.clone(), values.clone(), size);
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
