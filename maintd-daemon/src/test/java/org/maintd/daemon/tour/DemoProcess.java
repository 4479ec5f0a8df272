package org.maintd.daemon.tour;

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
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.maintd.protocol.json.Json;

/**
 * {@code scripts/demo} run as a user runs it, on a free port and a state directory of the test's,
 * and the shell in which the user pastes the tour's commands: the checkout as working directory,
 * {@code MAINTD_URL} and {@code MAINTD_KEY_FILE} exported as the demo said, the README's ports
 * (1816 and the next ones) and state directory replaced by the demo's.
 */
final class DemoProcess implements AutoCloseable {
  static final Path TOP = Path.of("..").toAbsolutePath().normalize();
  private static final Pattern README_PORT = Pattern.compile("\\b181([6-9])\\b");

  /** The demo's first port, which stands for the README's 1816. */
  final int port;

  /** How many daemons the demo runs, on {@code port} and the ports after it. */
  private final int daemons;

  /** The port of the daemon that {@code MAINTD_URL} names and this test asks. */
  final int apiPort;

  final Path state;
  private final String readmeState;
  private final Path log;
  private final HttpClient http = HttpClient.newHttpClient();
  private Process demo;

  /** What one command gave. */
  record Result(String command, int exit, String out, String err) {
    String all() {
      return out + err;
    }
  }

  private DemoProcess(Path dir, int port, int daemons, int apiOffset, String readmeState) {
    this.port = port;
    this.daemons = daemons;
    this.apiPort = port + apiOffset;
    this.readmeState = readmeState;
    this.state = dir.resolve(readmeState.substring(1));
    this.log = dir.resolve("demo.log");
  }

  /** The demo of the short tour: one daemon, the README's {@code .demo-state}. */
  DemoProcess(Path dir) throws IOException {
    this(dir, freePorts(1), 1, 0, ".demo-state");
  }

  /** The demo of the planned-maintenance tour: one daemon, the README's {@code .demo-maint}. */
  static DemoProcess maintenance(Path dir) throws IOException {
    return new DemoProcess(dir, freePorts(1), 1, 0, ".demo-maint");
  }

  /** The demo of the instance health tour: one daemon, the README's {@code .demo-health}. */
  static DemoProcess health(Path dir) throws IOException {
    return new DemoProcess(dir, freePorts(1), 1, 0, ".demo-health");
  }

  /** The demo of the reboot-requests tour: one daemon, the README's {@code .demo-reboot}. */
  static DemoProcess reboots(Path dir) throws IOException {
    return new DemoProcess(dir, freePorts(1), 1, 0, ".demo-reboot");
  }

  /**
   * The highly available demo ({@code --ha}): daemons on P, P+1 and P+2, ZooKeeper on P+3, the
   * README's {@code .demo-ha}, and P+1 (a standby at first) as {@code MAINTD_URL}.
   */
  static DemoProcess highlyAvailable(Path dir) throws IOException {
    return new DemoProcess(dir, freePorts(4), 3, 1, ".demo-ha");
  }

  /** The first of {@code count} consecutive ports that are free now. */
  private static int freePorts(int count) throws IOException {
    for (int attempt = 0; attempt < 50; attempt++) {
      int first;
      try (ServerSocket s = new ServerSocket(0)) {
        first = s.getLocalPort();
      }
      if (first + count > 65535) {
        continue;
      }
      boolean free = true;
      for (int i = 1; i < count && free; i++) {
        try (ServerSocket next = new ServerSocket(first + i)) {
          // free: bound, and let go at once
        } catch (IOException inUse) {
          free = false;
        }
      }
      if (free) {
        return first;
      }
    }
    throw new IOException("no " + count + " consecutive free ports on this machine");
  }

  /** Starts {@code scripts/demo} with {@code extra} options and waits until its API answers. */
  void start(String... extra) throws Exception {
    List<String> cmd =
        new ArrayList<>(
            List.of(
                "scripts/demo", "--port", Integer.toString(port), "--state-dir", state.toString()));
    cmd.addAll(List.of(extra));
    demo =
        new ProcessBuilder(cmd)
            .directory(TOP.toFile())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
            .start();
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
    while (System.nanoTime() < end) {
      if (!demo.isAlive()) {
        throw new AssertionError("scripts/demo exited with " + demo.exitValue() + ":\n" + tail());
      }
      if (tail().contains("Stop with Ctrl-C.") && answers()) {
        return;
      }
      Thread.sleep(200);
    }
    throw new AssertionError("scripts/demo did not serve /1/status within 180 s:\n" + tail());
  }

  /** Whether every daemon of the demo answers {@code /1/status}. */
  private boolean answers() throws InterruptedException {
    for (int p = port; p < port + daemons; p++) {
      try {
        HttpRequest status =
            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + p + "/1/status"))
                .timeout(Duration.ofSeconds(10))
                .build();
        if (http.send(status, HttpResponse.BodyHandlers.discarding()).statusCode() != 200) {
          return false;
        }
      } catch (IOException e) {
        return false;
      }
    }
    return true;
  }

  /**
   * Stops the demo as Ctrl-C in its terminal does: the script stops the daemon and the collectors.
   */
  void stop() throws Exception {
    if (demo == null) {
      return;
    }
    List<ProcessHandle> children = demo.descendants().toList();
    demo.destroy();
    if (!demo.waitFor(60, TimeUnit.SECONDS)) {
      throw new AssertionError("scripts/demo did not stop within 60 s of SIGTERM:\n" + tail());
    }
    for (ProcessHandle child : children) {
      child.onExit().get(30, TimeUnit.SECONDS);
    }
    demo = null;
  }

  /**
   * Runs {@code command} in bash as the README's reader does, in the checkout, with the exports.
   */
  Result run(String command, Duration limit) throws Exception {
    String local =
        README_PORT
            .matcher(command.replace(readmeState + "/", state + "/"))
            .replaceAll(m -> Integer.toString(port + Integer.parseInt(m.group(1)) - 6));
    ProcessBuilder pb = new ProcessBuilder("bash", "-c", local).directory(TOP.toFile());
    pb.environment().put("MAINTD_URL", "http://127.0.0.1:" + apiPort);
    pb.environment().put("MAINTD_KEY_FILE", state.resolve("hmac.key").toString());
    Path out = Files.createTempFile(log.getParent(), "out", ".txt");
    Path err = Files.createTempFile(log.getParent(), "err", ".txt");
    Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
    if (!p.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError(
          "'"
              + command
              + "' did not end within "
              + limit
              + ":\n"
              + Files.readString(out)
              + Files.readString(err));
    }
    return new Result(command, p.exitValue(), Files.readString(out), Files.readString(err));
  }

  Object get(String path) throws Exception {
    return Json.parse(http.send(request(path), HttpResponse.BodyHandlers.ofString()).body());
  }

  @SuppressWarnings("unchecked")
  List<Map<String, Object>> list(String path) throws Exception {
    return (List<Map<String, Object>>) get(path);
  }

  String tail() throws IOException {
    String text = Files.exists(log) ? Files.readString(log) : "";
    return text.length() > 4000 ? text.substring(text.length() - 4000) : text;
  }

  private HttpRequest request(String path) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + apiPort + path))
        .timeout(Duration.ofSeconds(10))
        .build();
  }

  /** Stops whatever is left, forcibly: the tour may have failed half-way. */
  @Override
  public void close() throws Exception {
    if (demo != null) {
      List<ProcessHandle> all = new ArrayList<>(demo.descendants().toList());
      demo.destroy();
      demo.waitFor(30, TimeUnit.SECONDS);
      all.forEach(ProcessHandle::destroyForcibly);
      demo.destroyForcibly();
    }
  }
}
