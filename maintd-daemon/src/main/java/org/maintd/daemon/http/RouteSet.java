package org.maintd.daemon.http;

import org.maintd.http.Router;

/**
 * Endpoints a part adds to the API (the simulated cluster's controls). Reads are open; changes are
 * authenticated.
 */
@FunctionalInterface
public interface RouteSet {
  void addTo(Router<ApiAction> router);
}
