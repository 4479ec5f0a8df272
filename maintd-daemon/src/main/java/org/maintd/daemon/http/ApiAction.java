package org.maintd.daemon.http;

/**
 * What one endpoint does with a request: returns one of maintd-protocol's records (sent as JSON) or
 * an {@link ApiText}, or throws what the {@link ApiHandler} turns into an HTTP error.
 */
@FunctionalInterface
public interface ApiAction {
  Object run(ApiCall call) throws Exception;
}
