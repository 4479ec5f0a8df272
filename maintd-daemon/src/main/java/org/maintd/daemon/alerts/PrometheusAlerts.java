package org.maintd.daemon.alerts;

import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.http.HttpHeader;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.runner.AlertSource;
import org.maintd.guard.Alert;
import org.maintd.guard.AlertInterlock;
import org.maintd.guard.AlertState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The alert interlock's reading: {@code GET <url>/api/v1/query?query=ALERTS}, the instant query
 * kured asks, within the configured time limit. A server that cannot be reached or does not answer
 * in time, an answer other than 200, or one that is not a vector of alerts is an unknown state with
 * the reason. Each change of what the interlock makes of it is logged once, one line; the last
 * reading is kept for the metrics. Thread-safe.
 */
public final class PrometheusAlerts implements AlertSource {
  private static final Logger log = LoggerFactory.getLogger(PrometheusAlerts.class);

  private final HttpClient client;
  private final DaemonConfig.Interlock interlock;
  private final String query;
  private volatile InterlockStatus status = InterlockStatus.none();
  private String said = "";

  /** Reads the alerts of {@code interlock}'s server over {@code client} (started by its owner). */
  public PrometheusAlerts(HttpClient client, DaemonConfig.Interlock interlock) {
    this.client = client;
    this.interlock = interlock;
    this.query = interlock.url() + "/api/v1/query?query=ALERTS";
  }

  @Override
  public synchronized AlertState read() {
    AlertState state = ask();
    List<Alert> holding =
        state instanceof AlertState.Active active
            ? interlock.rule().filter().counted(active.alerts())
            : List.of();
    status = new InterlockStatus(!(state instanceof AlertState.Unknown), holding.size());
    tell(state, holding);
    return state;
  }

  /** The last reading. */
  public InterlockStatus status() {
    return status;
  }

  private AlertState ask() {
    long limit = interlock.timeout().toMillis();
    try {
      ContentResponse r =
          client
              .newRequest(query)
              .headers(h -> h.put(HttpHeader.ACCEPT, "application/json"))
              .timeout(limit, TimeUnit.MILLISECONDS)
              .send();
      return AlertsAnswer.read(r.getStatus(), r.getContentAsString());
    } catch (TimeoutException e) {
      return unreachable("no answer within " + limit + " ms");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause() == null ? e : e.getCause();
      return unreachable(cause.getClass().getSimpleName() + ": " + cause.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return unreachable("interrupted");
    }
  }

  private AlertState unreachable(String why) {
    return new AlertState.Unknown("Prometheus at " + interlock.url() + " did not answer: " + why);
  }

  /** Logs what the interlock makes of {@code state}, when that changed since the last reading. */
  private void tell(AlertState state, List<Alert> holding) {
    String now;
    if (state instanceof AlertState.Unknown unknown) {
      now =
          "alert interlock: the alerts cannot be read ("
              + unknown.reason()
              + "); planned work "
              + (interlock.rule().onError() == AlertInterlock.OnError.HOLD ? "waits" : "goes on");
    } else if (holding.isEmpty()) {
      now = "alert interlock: no alert holds planned work";
    } else {
      now =
          "alert interlock: planned work waits for "
              + String.join(", ", holding.stream().map(Alert::name).distinct().sorted().toList());
    }
    if (!now.equals(said)) {
      said = now;
      if (state instanceof AlertState.Unknown) {
        log.warn(now);
      } else {
        log.info(now);
      }
    }
  }
}
