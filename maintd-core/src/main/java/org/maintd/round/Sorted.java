package org.maintd.round;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Immutable copies of maps that iterate in key order: the step's inputs and memory, so that what it
 * does never depends on an iteration order that changes from one run to the next (as {@code
 * Map.copyOf}'s does). Stateless.
 */
final class Sorted {
  private Sorted() {}

  static <K extends Comparable<K>, V> Map<K, V> copy(Map<K, V> map) {
    return Collections.unmodifiableMap(new TreeMap<>(map));
  }
}
