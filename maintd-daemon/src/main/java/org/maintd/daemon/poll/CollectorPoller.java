package org.maintd.daemon.poll;

import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.client.BufferingResponseListener;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Result;
import org.maintd.incident.Observation;
import org.maintd.spi.CollectorReading;
import org.maintd.spi.LoadReading;
import org.maintd.spi.ReportSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Polls every node's collector at once over HTTP (Jetty client, asynchronous), each request with
 * its own timeout, which it tells the collector ({@code ?timeout=} in milliseconds) so that a slow
 * diagnose command shows as timed out rather than as an unreachable collector, and checks each
 * answer with the {@link ReportReader}. A node that does not answer in time, or answers badly,
 * gives an {@code Unknown} observation: nothing is decided on it. With a {@link LoadReader} it also
 * asks each node for its {@code cpu-avg-load}, at the same time, and the reading carries it.
 * Thread-safe; the client is shared, started and stopped by the {@link PollerPart}.
 */
public final class CollectorPoller implements ReportSource {
  private static final Logger log = LoggerFactory.getLogger(CollectorPoller.class);
  private static final int MAX_ANSWER = 1 << 20;

  private final HttpClient client;
  private final CollectorUrls urls;
  private final ReportReader reader;
  private final Optional<LoadReader> loads;
  private final Duration timeout;
  private final Clock clock;

  public CollectorPoller(
      HttpClient client, CollectorUrls urls, ReportReader reader, Duration timeout, Clock clock) {
    this(client, urls, reader, Optional.empty(), timeout, clock);
  }

  /** A poller that also asks each node for its CPU load when {@code loads} reads it. */
  public CollectorPoller(
      HttpClient client,
      CollectorUrls urls,
      ReportReader reader,
      Optional<LoadReader> loads,
      Duration timeout,
      Clock clock) {
    this.client = client;
    this.urls = urls;
    this.reader = reader;
    this.loads = loads;
    this.timeout = timeout;
    this.clock = clock;
  }

  @Override
  public Map<String, CollectorReading> poll(Collection<String> nodes) {
    Map<String, CollectorReading> readings = new ConcurrentHashMap<>();
    Map<String, LoadReading> measured = new ConcurrentHashMap<>();
    CountDownLatch done = new CountDownLatch(nodes.size() * (loads.isPresent() ? 2 : 1));
    for (String node : nodes) {
      loads.ifPresent(l -> askLoad(node, l, measured, done));
      try {
        client
            .newRequest(urls.resolve(node, "/1/report/node/diagnose?timeout=" + timeout.toMillis()))
            .timeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
            .send(
                new BufferingResponseListener(MAX_ANSWER) {
                  @Override
                  public void onComplete(Result result) {
                    readings.put(node, reading(node, result, getContentAsString()));
                    done.countDown();
                  }
                });
      } catch (RuntimeException e) {
        readings.put(node, unreachable(node, e.toString()));
        done.countDown();
      }
    }
    await(done);
    nodes.forEach(
        n -> readings.computeIfAbsent(n, k -> unreachable(k, "no answer within the poll")));
    if (loads.isPresent()) {
      readings.replaceAll(
          (n, r) -> r.withLoad(measured.getOrDefault(n, new LoadReading.NotMeasured("no answer"))));
    }
    return Map.copyOf(readings);
  }

  /** Asks {@code node} for its CPU load, and reads the answer with {@code reader}. */
  private void askLoad(
      String node, LoadReader loadReader, Map<String, LoadReading> out, CountDownLatch done) {
    try {
      client
          .newRequest(urls.resolve(node, "/1/report/default/cpu-avg-load"))
          .timeout(timeout.toMillis(), TimeUnit.MILLISECONDS)
          .send(
              new BufferingResponseListener(MAX_ANSWER) {
                @Override
                public void onComplete(Result result) {
                  if (!result.isFailed() && result.getResponse().getStatus() == 200) {
                    out.put(node, loadReader.read(node, getContentAsString(), clock.instant()));
                  }
                  done.countDown();
                }
              });
    } catch (RuntimeException e) {
      done.countDown();
    }
  }

  private CollectorReading reading(String node, Result result, String body) {
    if (result.isFailed()) {
      return unreachable(node, String.valueOf(result.getFailure().getMessage()));
    }
    int status = result.getResponse().getStatus();
    if (status != 200) {
      return unreachable(node, "HTTP " + status);
    }
    return reader.read(node, body, clock.instant());
  }

  private CollectorReading unreachable(String node, String why) {
    log.debug("[node={}] collector unreachable: {}", node, why);
    return new CollectorReading(
        node, new Observation.Unknown(why), "unreachable", why, clock.instant());
  }

  private void await(CountDownLatch done) {
    try {
      done.await(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
