package org.maintd.daemon.repair;

/**
 * A collector answered a repair request with 503: it did not run the command now (its results
 * directory cannot be written, or it reads too many requests at once) and the same request is to be
 * asked again later. Carries what it said. Immutable.
 */
public final class CollectorWaits extends RuntimeException {
  public CollectorWaits(String said) {
    super(said);
  }
}
