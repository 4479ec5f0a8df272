package org.maintd.daemon.testing;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.awaitility.core.ConditionTimeoutException;
import org.maintd.protocol.json.Json;

/**
 * Several maintd daemons, each the shaded jar in its own process on a port of its own, as a highly
 * available deployment runs them: started, killed with SIGKILL or frozen with SIGSTOP, asked over
 * HTTP who leads. Each logs to {@code daemon-<i>.log} in the directory. Closing kills them all.
 */
public final class DaemonProcesses implements AutoCloseable {
  private static final Path JAR = Path.of("target", "maintd.jar");

  private final Path dir;
  private final String heap;
  private final List<String> jvmOptions;
  private final int[] ports;
  private final Process[] processes;
  private final HttpClient http = HttpClient.newHttpClient();
  private volatile NetCut groups;
  private final Map<Integer, Map<String, String>> environments = new ConcurrentHashMap<>();

  /** {@code count} daemons logging under {@code dir}, each with at most {@code heap} (-Xmx). */
  public DaemonProcesses(Path dir, int count, String heap) throws IOException {
    this(dir, count, heap, List.of());
  }

  /** The same, each JVM started with {@code jvmOptions} too (a JAAS file, say). */
  public DaemonProcesses(Path dir, int count, String heap, List<String> jvmOptions)
      throws IOException {
    this.dir = dir;
    this.heap = heap;
    this.jvmOptions = List.copyOf(jvmOptions);
    this.ports = new int[count];
    this.processes = new Process[count];
    for (int i = 0; i < count; i++) {
      try (ServerSocket s = new ServerSocket(0)) {
        ports[i] = s.getLocalPort();
      }
    }
  }

  public int port(int i) {
    return ports[i];
  }

  /**
   * From now on, daemon {@code i} starts in the network group {@code "daemon" + i} of {@code cut},
   * so that a test can cut its links alone ({@link NetCut#cutFrom}).
   */
  public DaemonProcesses inGroups(NetCut cut) {
    this.groups = cut;
    return this;
  }

  /**
   * From now on, daemon {@code i} starts with {@code environment} added to this JVM's
   * (libfaketime's, say: {@link FakeTime#environment}).
   */
  public DaemonProcesses withEnvironment(int i, Map<String, String> environment) {
    environments.put(i, Map.copyOf(environment));
    return this;
  }

  /** The network group daemon {@code i} runs in, once started {@link #inGroups}. */
  public static String group(int i) {
    return "daemon" + i;
  }

  /** The URL daemon {@code i} advertises when it leads (it binds 127.0.0.1). */
  public String url(int i) {
    return "http://127.0.0.1:" + ports[i];
  }

  /**
   * Starts daemon {@code i} on {@code config} with {@code args}, without the nodes' vote (ZooKeeper
   * elects).
   */
  public void launch(int i, Path config, String... args) throws IOException {
    launch(i, JAR, config, args);
  }

  /** Starts daemon {@code i} as {@link #launch(int, Path, String...)}, from another {@code jar}. */
  public void launch(int i, Path jar, Path config, String... args) throws IOException {
    List<String> command = java(jar);
    command.addAll(List.of("-f", "-c", config.toString(), "--no-voting", "--yes-do-it"));
    command.addAll(List.of(args));
    NetCut cut = groups;
    ProcessBuilder b =
        new ProcessBuilder(cut == null ? command : cut.wrap(group(i), command))
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile(i).toFile()));
    b.environment().putAll(environments.getOrDefault(i, Map.of()));
    processes[i] = b.start();
  }

  /** {@code java ... -jar JAR}, with this set's heap and JVM options. */
  private List<String> java(Path jar) {
    List<String> command = new ArrayList<>(List.of("java", "-Xmx" + heap));
    command.addAll(jvmOptions);
    command.addAll(List.of("-jar", jar.toString()));
    return command;
  }

  /** What a one-off run of maintd printed, and its exit code. */
  public record Run(int code, String output) {}

  /**
   * Runs maintd once on {@code config} with {@code args} (an export, an import, a start that is
   * refused) and waits for it to exit.
   */
  public Run once(Path config, String... args) throws Exception {
    List<String> command = java(JAR);
    command.addAll(List.of("-f", "-c", config.toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out =
        new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("maintd " + args + " did not exit: " + out);
    }
    return new Run(p.exitValue(), out);
  }

  /** The process id of daemon {@code i}, to tell that it was not restarted. */
  public long pid(int i) {
    return processes[i].pid();
  }

  /** Whether daemon {@code i} runs. */
  public boolean alive(int i) {
    return processes[i] != null && processes[i].isAlive();
  }

  /**
   * Stops daemon {@code i} as its service manager would, with SIGTERM, and waits for it to exit;
   * its exit code.
   */
  public int stop(int i) throws InterruptedException {
    processes[i].destroy();
    if (!processes[i].waitFor(60, TimeUnit.SECONDS)) {
      throw new AssertionError(
          "daemon " + i + " did not stop within a minute of SIGTERM" + tails(25));
    }
    return processes[i].exitValue();
  }

  /** Kills daemon {@code i} with SIGKILL: no shutdown hook runs, its session is left to expire. */
  public void kill(int i) throws InterruptedException {
    processes[i].destroyForcibly().waitFor(20, TimeUnit.SECONDS);
  }

  /** Sends daemon {@code i} a signal by name ({@code STOP}, {@code CONT}). */
  public void signal(int i, String name) throws Exception {
    Process kill =
        new ProcessBuilder("kill", "-" + name, Long.toString(processes[i].pid())).start();
    assertTrue(kill.waitFor(10, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -" + name);
  }

  private Path logFile(int i) {
    return dir.resolve("daemon-" + i + ".log");
  }

  public String log(int i) {
    try {
      return Files.readString(logFile(i));
    } catch (IOException e) {
      return "(no log)";
    }
  }

  /** Every daemon's log, for a failure's message. */
  public String logs() {
    StringBuilder all = new StringBuilder();
    for (int i = 0; i < ports.length; i++) {
      all.append("\n--- daemon ").append(i).append('\n').append(log(i));
    }
    return all.toString();
  }

  /**
   * The last {@code lines} lines of every daemon's log, the newest last: what a failure's message
   * can carry when the whole logs would be cut short where a reader sees them.
   */
  public String tails(int lines) {
    StringBuilder all = new StringBuilder();
    for (int i = 0; i < ports.length; i++) {
      List<String> log = log(i).lines().toList();
      all.append("\n--- daemon ")
          .append(i)
          .append(", the last ")
          .append(Math.min(lines, log.size()))
          .append(" of ")
          .append(log.size())
          .append(" lines of ")
          .append(logFile(i))
          .append('\n');
      log.subList(Math.max(0, log.size() - lines), log.size())
          .forEach(l -> all.append(l).append('\n'));
    }
    return all.toString();
  }

  public HttpResponse<String> get(int i, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create(url(i) + path)).timeout(Duration.ofSeconds(1)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The JSON object daemon {@code i} answers at {@code path}; empty when it does not answer. */
  public Map<?, ?> json(int i, String path) {
    if (processes[i] == null || !processes[i].isAlive()) {
      return Map.of();
    }
    try {
      return Json.parse(get(i, path).body()) instanceof Map<?, ?> m ? m : Map.of();
    } catch (Exception e) {
      return Map.of();
    }
  }

  /**
   * Whether the incident of {@code node} has completed, as daemon {@code i}'s {@code /1/status}
   * shows it.
   */
  public boolean repaired(int i, String node) throws Exception {
    HttpResponse<String> r = get(i, "/1/status");
    if (r.statusCode() != 200) {
      return false;
    }
    for (Object o : (List<?>) Json.parse(r.body())) {
      Map<?, ?> incident = (Map<?, ?>) o;
      if (node.equals(incident.get("node")) && "completed".equals(incident.get("repair-status"))) {
        return true;
      }
    }
    return false;
  }

  /** The one daemon that leads, once exactly one does and the others name it; -1 until then. */
  public int leader() {
    List<Integer> leading = new ArrayList<>();
    for (int i = 0; i < ports.length; i++) {
      if (Boolean.TRUE.equals(json(i, "/1/health").get("leader"))) {
        leading.add(i);
      }
    }
    if (leading.size() != 1) {
      return -1;
    }
    int l = leading.get(0);
    for (int i = 0; i < ports.length; i++) {
      Map<?, ?> h = json(i, "/1/health");
      if (i != l && !h.isEmpty() && !url(l).equals(h.get("leader_url"))) {
        return -1;
      }
    }
    return l;
  }

  /** Waits until one daemon other than {@code not} (-1: any) leads, named by the others. */
  public int awaitLeader(int not, Duration limit) {
    int[] found = {-1};
    within(
        "one leader, named by the others",
        limit,
        () -> {
          found[0] = leader();
          return found[0] >= 0 && found[0] != not;
        });
    return found[0];
  }

  /**
   * Waits until {@code condition} holds; fails with the end of each daemon's log as it is then (the
   * newest lines say where it stopped).
   */
  public void within(String what, Duration limit, Callable<Boolean> condition) {
    try {
      await(what).atMost(limit).pollInterval(Duration.ofMillis(100)).until(condition);
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(e.getMessage() + tails(25), e);
    }
  }

  @Override
  public void close() throws InterruptedException {
    for (Process p : processes) {
      if (p != null) {
        p.destroyForcibly().waitFor(20, TimeUnit.SECONDS);
      }
    }
  }
}
