package org.maintd.daemon.repair;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLHandshakeException;

/**
 * Whether a request to a collector that failed may still have reached it: the connection was made
 * and then closed or went silent before the answer came (a node that reboots may go down before its
 * answer is out), as against a connection that was never made (refused, no route, no such host, a
 * failed TLS handshake, a connect timeout), where nothing was sent. Stateless.
 */
final class LostAnswer {
  private LostAnswer() {}

  /** Whether the request failed by {@code failure} may have been received. */
  static boolean mayHaveArrived(Throwable failure) {
    boolean lost = false;
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof ConnectException
          || t instanceof NoRouteToHostException
          || t instanceof UnknownHostException
          || t instanceof SSLHandshakeException
          || connectTimeout(t)) {
        return false;
      }
      lost |= t instanceof IOException || t instanceof TimeoutException;
      if (t.getCause() == t) {
        break;
      }
    }
    return lost;
  }

  // the HTTP client's only sign that the connection was never made, not that the answer was late
  private static boolean connectTimeout(Throwable t) {
    return t instanceof SocketTimeoutException
        && t.getMessage() != null
        && t.getMessage().startsWith("Connect");
  }

  /** What the failure was, for the job's text: its innermost cause. */
  static String describe(Throwable failure) {
    Throwable t = failure;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t.getClass().getSimpleName() + (t.getMessage() == null ? "" : ": " + t.getMessage());
  }
}
