package org.maintd.daemon.http;

import java.util.List;
import java.util.Optional;

/**
 * One page of a list read: its items, and the key of its last item when more items follow (what the
 * next page's {@code after=} is), empty on the last page.
 */
public record Page<T>(List<T> items, Optional<String> next) {
  public Page {
    items = List.copyOf(items);
  }
}
