package org.maintd.daemon.notify;

import java.util.List;

/**
 * The record of deliveries, kept beside the state where every daemon that may lead sees it (a file
 * in the state directory, or ZooKeeper). Each change is a compare-and-set, so that of two leaders
 * (an old one that does not know it was replaced, and the new one) at most one moves a delivery on.
 * Implementations are thread-safe; each method throws {@link IllegalStateException} saying why when
 * the record cannot be read or written.
 */
public interface Deliveries {

  /** Records {@code d}; false when a delivery with its key is recorded already. */
  boolean add(Delivery d);

  /** Replaces {@code was} with {@code next} (the same key); false when the record changed. */
  boolean replace(Delivery was, Delivery next);

  /** Forgets {@code d}. */
  void remove(Delivery d);

  /** Every delivery recorded. */
  List<Delivery> all();
}
