package org.maintd.daemon.http;

import java.util.Map;

/**
 * An answer with a status or headers of its own: {@code /1/health}'s 503 once the daemon has
 * failed, a change of the schedule's {@code ETag}.
 */
public record ApiResponse(int status, Object body, Map<String, String> headers) {
  public ApiResponse {
    headers = Map.copyOf(headers);
  }

  public ApiResponse(int status, Object body) {
    this(status, body, Map.of());
  }
}
