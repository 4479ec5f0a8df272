package org.maintd.daemon.testing;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * A real Prometheus server (Debian's {@code prometheus} package) in its own process, on a free
 * loopback port, with the configuration and rule files a test gives it, its data in a temporary
 * directory. A test skips when the binary is not installed, but fails instead where it must be, as
 * in CI (the environment variable {@code MAINTD_PROMETHEUS_REQUIRED=true}, or {@code
 * -Dmaintd.prometheus.required=true}).
 */
public final class PrometheusServer implements AutoCloseable {
  /** Where Debian's package installs it. */
  public static final Path BINARY = Path.of("/usr/bin/prometheus");

  private static final Duration READY =
      Duration.ofSeconds(
          (long) (60 * Double.parseDouble(System.getProperty("maintd.test.timeScale", "1"))));

  private static final HttpClient HTTP = HttpClient.newHttpClient();

  private final Process process;
  private final int port;
  private final Path log;

  private PrometheusServer(Process process, int port, Path log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  /** Skips, or fails where Prometheus is required, unless its binary can be run. */
  public static void require() {
    require(BINARY);
  }

  /**
   * Skips, or fails where Prometheus is required, unless {@code binary} of its package (the server,
   * or {@code promtool}) can be run.
   */
  public static void require(Path binary) {
    String why =
        binary.getFileName()
            + " is not installed at "
            + binary
            + " (Debian package prometheus; .ci/run installs it)";
    if (Boolean.getBoolean("maintd.prometheus.required")
        || "true".equals(System.getenv("MAINTD_PROMETHEUS_REQUIRED"))) {
      assertTrue(Files.isExecutable(binary), why);
    }
    Assumptions.assumeTrue(Files.isExecutable(binary), why);
  }

  /**
   * Starts Prometheus in {@code dir} with {@code config} (its {@code prometheus.yml}, which may
   * name rule files in {@code dir}) and waits until it is ready.
   */
  public static PrometheusServer start(Path dir, String config) throws IOException {
    require();
    Files.writeString(dir.resolve("prometheus.yml"), config);
    int port = FreePorts.next();
    Path log = dir.resolve("prometheus.log");
    Process p =
        new ProcessBuilder(
                List.of(
                    BINARY.toString(),
                    "--config.file=" + dir.resolve("prometheus.yml"),
                    "--storage.tsdb.path=" + dir.resolve("data"),
                    "--web.listen-address=127.0.0.1:" + port))
            .directory(dir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    PrometheusServer server = new PrometheusServer(p, port, log);
    try {
      await("Prometheus ready (see " + log + ")")
          .atMost(READY)
          .pollInterval(Duration.ofMillis(100))
          .ignoreExceptions()
          .until(() -> p.isAlive() && server.get("/-/ready").statusCode() == 200);
    } catch (RuntimeException e) {
      server.close();
      throw new IllegalStateException("Prometheus did not start: " + Files.readString(log), e);
    }
    return server;
  }

  public URI url() {
    return URI.create("http://127.0.0.1:" + port);
  }

  /** A GET of {@code path} on the server. */
  public HttpResponse<String> get(String path) throws IOException, InterruptedException {
    return HTTP.send(
        HttpRequest.newBuilder(url().resolve(path)).timeout(Duration.ofSeconds(5)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** Stops the server and waits for its end. */
  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
