package org.maintd.notify;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A stored list looked up by a key (a campaign's id, a machine's hostname, a request's id): of two
 * entries with one key the last is kept, so that a state listing one twice is still read, not
 * refused. Stateless.
 */
final class ByKey {
  private ByKey() {}

  static <K, T> Map<K, T> lastOf(List<T> entries, Function<T, K> key) {
    return entries.stream().collect(Collectors.toMap(key, Function.identity(), (a, b) -> b));
  }
}
