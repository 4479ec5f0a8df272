package org.maintd.daemon.testing;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A ZooKeeper server in a process of its own, as operators run one: ZooKeeper 3.9 from maintd's
 * shaded jar, or 3.8.0, the release Debian 12 ships, from the jars the build copies to {@code
 * target/zookeeper-3.8}. It listens on a port of its own on every address; the test gives the rest
 * of its {@code zoo.cfg} and any JVM options (a JAAS file). Logs to {@code zookeeper.log} in its
 * directory. Closing kills it.
 */
public final class ZooKeeperServerProcess implements AutoCloseable {
  /** Which server runs. */
  public enum Release {
    V3_9("target/maintd.jar", "3.9."),
    V3_8("target/zookeeper-3.8/*", "3.8.");

    private final String classPath;
    private final String series;

    Release(String classPath, String series) {
      this.classPath = classPath;
      this.series = series;
    }

    /** How the versions of this release begin ({@code 3.8.}). */
    public String series() {
      return series;
    }
  }

  /** The line a server logs at its start with its version, {@code zookeeper.version=3.8.0-…}. */
  private static final Pattern VERSION =
      Pattern.compile("Server environment:zookeeper\\.version=([0-9][^-,\\s]*)");

  /**
   * Both releases log through Logback: at INFO, so that the server's version is in its log (the
   * shaded jar's own configuration logs WARN and above only).
   */
  private static final String LOGBACK =
      "<configuration><appender name=\"out\" class=\"ch.qos.logback.core.ConsoleAppender\">"
          + "<encoder><pattern>%d %-5level %logger{0} - %msg%n</pattern></encoder></appender>"
          + "<root level=\"INFO\"><appender-ref ref=\"out\"/></root></configuration>";

  private static final Duration WAIT =
      Duration.ofSeconds(
          (long) (30 * Double.parseDouble(System.getProperty("maintd.test.timeScale", "1"))));

  private final Process process;
  private final int port;
  private final Path log;

  private ZooKeeperServerProcess(Process process, int port, Path log) {
    this.process = process;
    this.port = port;
    this.log = log;
  }

  /**
   * Starts {@code release} in {@code dir} with {@code portKey} (clientPort or secureClientPort) on
   * a free port, the other {@code zoo.cfg} lines {@code config} and {@code jvmOptions}; returns
   * once it accepts connections.
   */
  public static ZooKeeperServerProcess start(
      Release release, Path dir, String portKey, List<String> config, List<String> jvmOptions)
      throws IOException {
    int port = FreePorts.next();
    List<String> lines = new ArrayList<>(List.of(portKey + "=" + port));
    lines.addAll(config);
    return launch(
        release,
        dir,
        "org.apache.zookeeper.server.ZooKeeperServerMain",
        lines,
        jvmOptions,
        port,
        command -> command);
  }

  /**
   * Starts {@code main} of {@code release} in {@code dir} on the {@code zoo.cfg} lines {@code
   * config} (with its tick, data directory and admin server), serving clients on {@code port}, its
   * command line passed through {@code wrap} (a network group); returns once it accepts connections
   * (a server of an ensemble: once its port is open, whether it serves yet or not).
   */
  static ZooKeeperServerProcess launch(
      Release release,
      Path dir,
      String main,
      List<String> config,
      List<String> jvmOptions,
      int port,
      java.util.function.UnaryOperator<List<String>> wrap)
      throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add("tickTime=500");
    lines.add("dataDir=" + Files.createDirectories(dir.resolve("data")));
    lines.add("admin.enableServer=false");
    lines.addAll(config);
    Path cfg = Files.write(dir.resolve("zoo.cfg"), lines);
    Path logback = Files.writeString(dir.resolve("logback.xml"), LOGBACK);
    List<String> command =
        new ArrayList<>(List.of("java", "-Xmx128m", "-Dlogback.configurationFile=" + logback));
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", release.classPath, main, cfg.toString()));
    Path log = dir.resolve("zookeeper.log");
    Process p =
        new ProcessBuilder(wrap.apply(command))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    ZooKeeperServerProcess server = new ZooKeeperServerProcess(p, port, log);
    server.awaitListening();
    return server;
  }

  private void awaitListening() {
    await("ZooKeeper listening on port " + port)
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(100))
        .ignoreExceptionsInstanceOf(IOException.class)
        .until(
            () -> {
              if (!process.isAlive()) {
                throw new AssertionError("ZooKeeper exited: " + log());
              }
              try (Socket s = new Socket("127.0.0.1", port)) {
                return true;
              }
            });
  }

  /** The version the server logged at its start ({@code 3.8.0}), awaited. */
  public String version() {
    AtomicReference<String> version = new AtomicReference<>();
    await("ZooKeeper's version in its log")
        .atMost(WAIT)
        .pollInterval(Duration.ofMillis(100))
        .until(
            () -> {
              Matcher m = VERSION.matcher(log());
              return m.find() && version.compareAndSet(null, m.group(1));
            });
    return version.get();
  }

  public int port() {
    return port;
  }

  /** The server's process id. */
  public long pid() {
    return process.pid();
  }

  /** What the server logged, for a failure's message. */
  public String log() {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return "(no log)";
    }
  }

  @Override
  public void close() throws InterruptedException {
    process.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
  }
}
