package org.maintd.rapi.client;

import java.time.Duration;

/**
 * Told of every exchange with RAPI, each attempt of a read on its own: how long an answer took, or
 * how the request failed and after how long. The daemon tells its faults from it; maintctl watches
 * nothing. Implementations must be thread-safe and quick: they are called on the requesting thread.
 */
public interface RapiWatcher {
  /** Watches nothing. */
  RapiWatcher NONE = new RapiWatcher() {};

  /** {@code call} ({@code RAPI GET /2/info}) was answered 200 with JSON after {@code took}. */
  default void answered(String call, Duration took) {}

  /** {@code call} failed as {@code failure} says, after {@code took}. */
  default void failed(String call, RapiFailure failure, Duration took) {}
}
