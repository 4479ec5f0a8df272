package org.maintd.daemon.alerts;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.http.HttpHeader;
import org.maintd.daemon.config.Maintenance;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.guard.AlertState;

/**
 * One reading of the alert interlock's server: {@code GET <url>/api/v1/query?query=ALERTS}, the
 * instant query kured asks, within the configured time limit. A server that cannot be reached or
 * does not answer in time, an answer other than 200, or one that is not a vector of alerts is an
 * unknown state with the reason ({@code no answer within 5000 ms}). Each read waits for the answer:
 * the daemon reads it on the interlock's own thread ({@link InterlockPart}). Thread-safe.
 */
public final class PrometheusAlerts implements AlertSource {
  private final HttpClient client;
  private final String query;
  private final long limit;

  /** Reads the alerts of {@code interlock}'s server over {@code client} (started by its owner). */
  public PrometheusAlerts(HttpClient client, Maintenance.Interlock interlock) {
    this.client = client;
    this.query = interlock.url() + "/api/v1/query?query=ALERTS";
    this.limit = interlock.timeout().toMillis();
  }

  @Override
  public AlertState read() {
    try {
      ContentResponse r =
          client
              .newRequest(query)
              .headers(h -> h.put(HttpHeader.ACCEPT, "application/json"))
              .timeout(limit, TimeUnit.MILLISECONDS)
              .send();
      return AlertsAnswer.read(r.getStatus(), r.getContentAsString());
    } catch (TimeoutException e) {
      return new AlertState.Unknown("no answer within " + limit + " ms");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      return new AlertState.Unknown(cause.getClass().getSimpleName() + ": " + cause.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new AlertState.Unknown("interrupted");
    }
  }
}
