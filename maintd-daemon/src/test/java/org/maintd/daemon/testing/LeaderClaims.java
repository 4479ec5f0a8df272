package org.maintd.daemon.testing;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.maintd.protocol.json.Json;

/**
 * Asks one daemon, as fast as it answers and from three threads at once, the three things it may
 * only answer as the leader while it leads: {@code /1/health} ({@code leader: true}), {@code
 * /1/status} (served without a standby's {@code X-Maintd-Leader} header) and a signed command
 * ({@code POST /1/pause}, accepted). Every answer that claims leadership is recorded with when it
 * came, in milliseconds after {@link #mark}. Requests sent while the daemon is stopped wait for it,
 * so that the first answers it gives when continued are among those asked. Closing stops asking.
 * Thread-safe.
 */
public final class LeaderClaims implements AutoCloseable {
  private final String url;
  private final int port;
  private final Path keyFile;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
  private final ExecutorService askers = Executors.newFixedThreadPool(3);
  private final List<String> claims = new ArrayList<>();
  private final AtomicInteger answers = new AtomicInteger();
  private final AtomicLong mark = new AtomicLong(System.nanoTime());
  private volatile boolean asking = true;

  private LeaderClaims(String url, int port, Path keyFile) {
    this.url = url;
    this.port = port;
    this.keyFile = keyFile;
  }

  /** Starts asking the daemon at {@code url} (on {@code port}), signing with {@code keyFile}. */
  public static LeaderClaims ask(String url, int port, Path keyFile) {
    LeaderClaims c = new LeaderClaims(url, port, keyFile);
    c.askers.execute(() -> c.loop(c::health));
    c.askers.execute(() -> c.loop(c::status));
    c.askers.execute(() -> c.loop(c::command));
    return c;
  }

  /** From now on, answers are timed from this instant (the signal that continues the daemon). */
  public void mark() {
    mark.set(System.nanoTime());
  }

  private interface Ask {
    void once() throws Exception;
  }

  private void loop(Ask ask) {
    while (asking) {
      try {
        ask.once();
        answers.incrementAndGet();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      } catch (Exception e) {
        // no answer (refused, timed out): nothing claimed
      }
    }
  }

  private HttpResponse<String> get(String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(30)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private void health() throws Exception {
    HttpResponse<String> r = get("/1/health");
    if (Json.parse(r.body()) instanceof Map<?, ?> h && Boolean.TRUE.equals(h.get("leader"))) {
      claim("/1/health says leader: true (" + h.get("state") + ")");
    }
  }

  private void status() throws Exception {
    HttpResponse<String> r = get("/1/status");
    if (r.statusCode() == 200 && r.headers().firstValue("X-Maintd-Leader").isEmpty()) {
      claim("/1/status served as the leader's own view");
    }
  }

  private void command() throws Exception {
    HttpResponse<String> r = TestCluster.signedPost(http, keyFile, port, "/1/pause", "{}");
    if (r.statusCode() / 100 == 2) {
      claim("POST /1/pause accepted: " + r.statusCode() + " " + r.body());
    }
  }

  private void claim(String what) {
    long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - mark.get());
    synchronized (claims) {
      claims.add(ms + " ms: " + what);
    }
  }

  /** Every answer that claimed leadership so far, with when. */
  public List<String> claims() {
    synchronized (claims) {
      return List.copyOf(claims);
    }
  }

  /** How many answers came, claiming or not: that the daemon was asked at all. */
  public int answers() {
    return answers.get();
  }

  @Override
  public void close() throws InterruptedException {
    asking = false;
    askers.shutdownNow();
    askers.awaitTermination(40, TimeUnit.SECONDS);
  }
}
