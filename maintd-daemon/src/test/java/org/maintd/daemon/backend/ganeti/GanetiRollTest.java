package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.daemon.app.Daemon;
import org.maintd.daemon.config.CollectorSettings;
import org.maintd.daemon.config.DaemonConfig;
import org.maintd.daemon.config.Ganeti;
import org.maintd.daemon.config.Ha;
import org.maintd.daemon.config.Http;
import org.maintd.daemon.config.Maintenance;
import org.maintd.daemon.config.NodeCommands;
import org.maintd.daemon.config.Reboot;
import org.maintd.daemon.config.Sim;
import org.maintd.protocol.json.Json;
import org.maintd.safety.SafetyCaps;
import org.maintd.safety.StormGuard;
import org.maintd.testing.GanetiTools;

/**
 * {@code GET /1/roll} of a daemon on the Ganeti backend plans from the cluster as {@code hroller
 * -m} reads it from the same RAPI answers: a drained node and a node that cannot host instances are
 * offline (in no group, no target), a running instance's memory is its {@code oper_ram}, and on a
 * KVM cluster each node's own memory is 4096 MiB unless {@code static-kvm-node-memory} says
 * otherwise. The answers are recorded: {@code kvm} is Ganeti's own RAPI test data (node1 drained,
 * node2 not vm-capable), {@code sandbox-kvm} the sandbox's answers with node3 drained, inst2 using
 * 1024 MiB and KVM as the hypervisor. The plan, rendered as {@code maintctl roll} prints it, and
 * its warnings must be what hroller prints on the same answers ({@code hroller -m file://DIR}):
 * pinned here, and the pins checked against hroller itself where it is installed.
 */
class GanetiRollTest {
  private static final Path HROLLER = Path.of("/usr/lib/ganeti/3.0/usr/bin/hroller");

  @TempDir Path dir;
  FakeRapi rapi;

  record Case(
      String data,
      String master,
      String query,
      List<String> options,
      String stdout,
      String stderr) {
    @Override
    public String toString() {
      return data + " ?" + query;
    }
  }

  static Stream<Case> cases() {
    String sandboxPlan =
        """
        'Node Reboot Groups'
        node2.gnt.test
          inst2.gnt.test node1.gnt.test
        node1.gnt.test
          inst1.gnt.test node2.gnt.test
          inst4.gnt.test node2.gnt.test
        """;
    String kvmPlan =
        """
        'Node Reboot Groups'
        node3
        node4
          instance3 node3
          instance8 node3
          instance13 node3
          instance18 node3
          instance20 node3
        """;
    return Stream.of(
        new Case(
            "sandbox-kvm",
            "node1.gnt.test",
            "",
            List.of(),
            sandboxPlan,
            """
            Warning: cluster has inconsistent data:
              - node node3.gnt.test is missing -3050 MB ram and 172 GB disk
              - node node2.gnt.test is missing -3946 MB ram and 172 GB disk
              - node node1.gnt.test is missing -3050 MB ram and 172 GB disk

            """),
        new Case(
            "sandbox-kvm",
            "node1.gnt.test",
            "static-kvm-node-memory=0",
            List.of("--static-kvm-node-memory=0"),
            sandboxPlan,
            """
            Warning: cluster has inconsistent data:
              - node node3.gnt.test is missing 716 MB ram and 172 GB disk
              - node node2.gnt.test is missing -180 MB ram and 172 GB disk
              - node node1.gnt.test is missing 716 MB ram and 172 GB disk

            """),
        new Case("kvm", "node4", "", List.of(), kvmPlan, ""),
        new Case(
            "kvm",
            "node4",
            "ignore-non-redundant=1&offline-maintenance=1",
            List.of("--ignore-non-redundant", "--offline-maintenance"),
            """
            'Node Reboot Groups'
            node3
            node4
            """,
            ""));
  }

  @BeforeEach
  void start() throws Exception {
    rapi = new FakeRapi(dir);
    Files.writeString(dir.resolve("hmac.key"), "key\n");
    Files.setPosixFilePermissions(
        dir.resolve("hmac.key"), PosixFilePermissions.fromString("rw-------"));
  }

  @AfterEach
  void stop() throws Exception {
    rapi.close();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void rollPlansAsPinned(Case c) throws Exception {
    answers(c.data());
    try (Daemon daemon = new Daemon(config(c.master()), Clock.systemUTC())) {
      daemon.start(false);
      HttpClient http = HttpClient.newHttpClient();
      String query = c.query().isEmpty() ? "" : "?" + c.query();
      URI uri = URI.create("http://127.0.0.1:" + daemon.port() + "/1/roll" + query);
      List<HttpResponse<String>> last = new ArrayList<>();
      await("a plan from the first snapshot")
          .atMost(Duration.ofSeconds(30))
          .until(
              () -> {
                last.add(
                    0,
                    http.send(
                        HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()));
                return last.get(0).statusCode() == 200;
              });
      String body = last.get(0).body();
      Map<?, ?> plan = (Map<?, ?>) Json.parse(body);
      assertEquals(c.stdout(), stdout(plan), c + ": " + body);
      assertEquals(c.stderr(), stderr(plan), c + ": " + body);
    }
  }

  /** hroller, given the same answers as files, prints what is pinned. */
  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void hrollerPlansAsPinned(Case c) throws Exception {
    GanetiTools.require(HROLLER);
    Path answers = answers(c.data());
    List<String> args =
        new ArrayList<>(List.of(HROLLER.toString(), "-m", "file://" + answers, "--print-moves"));
    args.addAll(c.options());
    Process p =
        new ProcessBuilder(args)
            .redirectOutput(dir.resolve("out").toFile())
            .redirectError(dir.resolve("err").toFile())
            .start();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "hroller did not finish: " + args);
    assertEquals(0, p.exitValue(), Files.readString(dir.resolve("err")));
    assertEquals(c.stdout(), Files.readString(dir.resolve("out")), "hroller " + args);
    assertEquals(c.stderr(), Files.readString(dir.resolve("err")), "hroller " + args);
  }

  /** Serves the recorded answers of {@code data}; the folder they are copied to. */
  private Path answers(String data) throws Exception {
    Path to = Files.createDirectories(dir.resolve(data));
    for (String f : List.of("info", "nodes", "instances", "groups")) {
      String text = FakeRapi.resource("/rapi-htools/" + data + "/" + f + ".json");
      Files.writeString(to.resolve(f + ".json"), text);
      rapi.answers.put(f.equals("info") ? "/2/info" : "/2/" + f + "?bulk=1", text);
    }
    return to;
  }

  /** The plan as {@code maintctl roll --print-moves} prints it. */
  private static String stdout(Map<?, ?> plan) {
    StringBuilder out = new StringBuilder("'Node Reboot Groups'\n");
    for (Object g : (List<?>) plan.get("groups")) {
      Map<?, ?> group = (Map<?, ?>) g;
      out.append(String.join(",", (List<String>) group.get("nodes"))).append('\n');
      for (Object m : (List<?>) group.get("moves")) {
        Map<?, ?> move = (Map<?, ?>) m;
        out.append("  ").append(move.get("instance")).append(' ').append(move.get("primary"));
        if (move.get("secondary") instanceof String s) {
          out.append(' ').append(s);
        }
        out.append('\n');
      }
    }
    return out.toString();
  }

  /** The plan's warnings as {@code maintctl roll} prints them. */
  private static String stderr(Map<?, ?> plan) {
    StringBuilder err = new StringBuilder();
    for (Object w : (List<?>) plan.get("warnings")) {
      err.append("Warning: ").append(w).append('\n');
    }
    return err.toString();
  }

  private DaemonConfig config(String node) {
    return new DaemonConfig(
        node,
        "127.0.0.1",
        0,
        dir.resolve("state"),
        org.maintd.daemon.config.Backend.GANETI,
        dir.resolve("hmac.key"),
        dir.resolve("users"),
        Duration.ofMillis(200),
        Duration.ZERO,
        SafetyCaps.defaults(),
        new StormGuard(50),
        false,
        false,
        0.1,
        org.maintd.balance.BalanceOptions.threshold(0.1),
        false,
        new CollectorSettings(
            "http://{node}:1",
            Map.of(),
            Duration.ofMillis(500),
            Duration.ofSeconds(5),
            false,
            Duration.ofSeconds(300)),
        new Sim(dir.resolve("none.data"), dir.resolve("diag"), Duration.ZERO, Duration.ZERO),
        new Ganeti(
            URI.create(rapi.url()),
            rapi.certificate,
            false,
            rapi.credentials,
            Duration.ofSeconds(5),
            3,
            Duration.ofSeconds(5),
            Duration.ofMinutes(10),
            Duration.ofHours(2)),
        Http.defaults(),
        "",
        Duration.ofSeconds(30),
        Ha.defaults(),
        NodeCommands.defaults(),
        Maintenance.defaults(),
        org.maintd.health.HealthSettings.off(),
        Reboot.defaults(),
        org.maintd.daemon.config.Notifications.none());
  }
}
