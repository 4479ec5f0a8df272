package org.maintd.daemon.repair;

/**
 * A collector answered a repair request with 503: it did not run the command now (its results
 * directory cannot be written, or it reads too many requests at once) and the same request is to be
 * asked again later. Carries what it said. Immutable.
 */
public final class CollectorWaits extends RuntimeException {
  private final boolean diskRefuses;

  /** What the collector {@code said}; {@code diskRefuses} when its results cannot be written. */
  public CollectorWaits(String said, boolean diskRefuses) {
    super(said);
    this.diskRefuses = diskRefuses;
  }

  /** Whether the collector's results cannot be written ({@code results-unwritable}), not busy. */
  public boolean diskRefuses() {
    return diskRefuses;
  }
}
