package org.maintd.daemon.testing;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
    V3_9("target/maintd.jar"),
    V3_8("target/zookeeper-3.8/*");

    private final String classPath;

    Release(String classPath) {
      this.classPath = classPath;
    }
  }

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
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    List<String> lines = new ArrayList<>();
    lines.add("tickTime=500");
    lines.add("dataDir=" + Files.createDirectories(dir.resolve("data")));
    lines.add(portKey + "=" + port);
    lines.add("admin.enableServer=false");
    lines.addAll(config);
    Path cfg = Files.write(dir.resolve("zoo.cfg"), lines);
    List<String> command = new ArrayList<>(List.of("java", "-Xmx128m"));
    command.addAll(jvmOptions);
    command.addAll(
        List.of(
            "-cp",
            release.classPath,
            "org.apache.zookeeper.server.ZooKeeperServerMain",
            cfg.toString()));
    Path log = dir.resolve("zookeeper.log");
    Process p =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
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

  public int port() {
    return port;
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
