package org.maintd.daemon.testing;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One node's collector as the shaded jar in a process of its own, with an environment of its own
 * (libfaketime's, say: {@link FakeTime#environment}), diagnosing as a {@link TestCluster}'s node
 * does. It logs to {@code collector-<node>.log}; closing kills it.
 */
public final class CollectorProcess implements AutoCloseable {
  private static final Path JAR =
      Path.of("..", "maintd-collector", "target", "maintd-collector.jar");

  private final Process process;
  private final Path log;
  private final int port;

  private CollectorProcess(Process process, Path log, int port) {
    this.process = process;
    this.log = log;
    this.port = port;
  }

  /**
   * Starts {@code node}'s collector of {@code cluster} with {@code environment} added to this
   * JVM's, and waits until it listens.
   */
  public static CollectorProcess start(
      TestCluster cluster, String node, Map<String, String> environment) throws IOException {
    Path dir = cluster.dir.resolve("process-" + node);
    Files.createDirectories(dir);
    Path portFile = dir.resolve("port");
    Path config = dir.resolve("collector.yaml");
    Files.writeString(config, yaml(cluster, node, portFile));
    Path log = cluster.dir.resolve("collector-" + node + ".log");
    ProcessBuilder b =
        new ProcessBuilder(
                List.of("java", "-Xmx96m", "-jar", JAR.toString(), "-c", config.toString()))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    b.environment().putAll(environment);
    Process p = b.start();
    await("collector of " + node + " listens")
        .atMost(Duration.ofSeconds(60))
        .until(() -> !p.isAlive() || Files.exists(portFile) && Files.size(portFile) > 0);
    if (!p.isAlive()) {
      throw new IllegalStateException(
          "the collector of " + node + " exited: " + Files.readString(log));
    }
    return new CollectorProcess(p, log, Integer.parseInt(Files.readString(portFile).strip()));
  }

  private static String yaml(TestCluster cluster, String node, Path portFile) {
    return String.join(
        "\n",
        "node: " + node,
        "bind: 127.0.0.1",
        "port: 0",
        "portFile: " + portFile,
        "hmacKeyFile: " + cluster.keyFile,
        "diagnose:",
        "  command: diagnose",
        "  directory: " + cluster.dir.resolve("nodes/" + node),
        "  timeout: 5s",
        "repair:",
        "  directory: " + cluster.dir.resolve("repair"),
        "  results: " + cluster.dir.resolve("results/" + node),
        "masterFile: " + cluster.dir.resolve("master"),
        "bootIdFile: " + cluster.diagnoseDir.resolve(node + ".boot_id"),
        "");
  }

  public String url() {
    return "http://127.0.0.1:" + port;
  }

  public String log() throws IOException {
    return Files.readString(log);
  }

  @Override
  public void close() throws InterruptedException {
    process.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
  }
}
