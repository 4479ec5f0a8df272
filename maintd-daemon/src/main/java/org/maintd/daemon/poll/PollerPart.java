package org.maintd.daemon.poll;

import java.time.Clock;
import java.util.Collection;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.jetty.client.HttpClient;
import org.maintd.daemon.service.LifeCyclePart;
import org.maintd.daemon.service.PartState;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.ReportSource;

/**
 * The collectors' HTTP client as a part of the daemon: started before anything talks to a collector
 * (the master vote, the polls, repairs), stopped last. Polls go through it only while it runs.
 * Thread-safe.
 */
public final class PollerPart extends LifeCyclePart implements ReportSource {
  private final HttpClient client;
  private volatile ReportSource reports;
  private volatile String lastPoll = summary(Map.of());

  public PollerPart(HttpClient client, Clock clock) {
    super("poller", "the collectors' HTTP client", client, clock);
    this.client = client;
  }

  public HttpClient client() {
    return client;
  }

  /** What the polls read through: the collectors, possibly behind the backend's view of them. */
  public void readThrough(ReportSource source) {
    this.reports = source;
  }

  @Override
  public Map<String, CollectorReading> poll(Collection<String> nodes) {
    if (state() != PartState.RUNNING || reports == null) {
      throw new IllegalStateException("the poller is " + state() + "; it cannot poll");
    }
    Map<String, CollectorReading> readings = reports.poll(nodes);
    lastPoll = summary(readings);
    return readings;
  }

  @Override
  protected void startUp() {
    client.setMaxConnectionsPerDestination(4);
    super.startUp();
  }

  /** What the health says of a poll, told once per poll rather than counted per request. */
  private static String summary(Map<String, CollectorReading> readings) {
    Map<String, Integer> byHealth = new TreeMap<>();
    readings.values().forEach(r -> byHealth.merge(r.health(), 1, Integer::sum));
    return readings.size()
        + " collectors in the last poll"
        + (byHealth.isEmpty() ? "" : ": " + byHealth);
  }

  @Override
  protected String detail() {
    return lastPoll;
  }
}
