package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.daemon.testing.TestCluster.on;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.cli.Maintctl;
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;
import picocli.CommandLine;

/**
 * {@code -o json} on every maintctl command, against a real daemon: each prints one JSON document
 * that parses, and is the API's answer (or the documented shape) it says. The commands are walked
 * in picocli's model, so that a command added without a case here fails. One daemon, one walk
 * through every command in an order where each finds what it needs: about 20 s.
 */
@org.junit.jupiter.api.Timeout(value = 180, unit = java.util.concurrent.TimeUnit.SECONDS)
class MaintctlJsonEndToEndTest {
  @TempDir Path tmp;

  /** One command run with -o json: its arguments, exit code, and what its JSON must show. */
  record Case(List<String> args, int exit, Predicate<Object> shows) {}

  private TestCluster cluster;
  private final List<Case> walked = new ArrayList<>();

  private Object json(int exit, Predicate<Object> shows, String... args) {
    List<String> all = new ArrayList<>(List.of("-o", "json"));
    all.addAll(List.of(args));
    MaintctlRun r =
        MaintctlRun.of(
            "http://127.0.0.1:" + cluster.port(), cluster.keyFile, all.toArray(String[]::new));
    String what = String.join(" ", args) + ":\n" + r.out() + r.err();
    assertEquals(exit, r.code(), what);
    Object parsed;
    try {
      parsed = Json.parse(r.out());
    } catch (Exception e) {
      throw new AssertionError("not JSON: " + what, e);
    }
    assertTrue(shows.test(parsed), what);
    walked.add(new Case(List.of(args), exit, shows));
    return parsed;
  }

  private Object json(Predicate<Object> shows, String... args) {
    return json(0, shows, args);
  }

  private static Predicate<Object> has(String key, Object value) {
    return o -> o instanceof Map<?, ?> m && value.equals(m.get(key));
  }

  private static Predicate<Object> hasKey(String key) {
    return o -> o instanceof Map<?, ?> m && m.containsKey(key);
  }

  private static Predicate<Object> list() {
    return o -> o instanceof List<?>;
  }

  /** A list whose first item has {@code key} {@code value}. */
  private static Predicate<Object> first(String key, Object value) {
    return o -> o instanceof List<?> l && !l.isEmpty() && has(key, value).test(l.get(0));
  }

  @Test
  void everyCommandPrintsJsonThatParsesAndIsTheApisAnswer() throws Exception {
    cluster = new TestCluster(tmp).startDaemon();
    try {
      walk();
    } finally {
      cluster.close();
    }
    TreeSet<String> missing = new TreeSet<>(leaves(new CommandLine(new Maintctl()), ""));
    walked.forEach(
        c -> {
          missing.remove(c.args().get(0));
          missing.remove(c.args().get(0) + " " + (c.args().size() > 1 ? c.args().get(1) : ""));
        });
    assertEquals(new TreeSet<>(), missing, "commands without a -o json case");
  }

  private void walk() throws Exception {
    cluster.awaitTrue("a first poll", () -> cluster.node("n4").get("last_report") != null);
    json(has("state", "RUNNING"), "health");
    json(o -> o instanceof List<?> l && l.size() == 5, "nodes");
    json(first("name", "app1").or(list()), "instances");
    json(hasKey("round"), "plan");
    json(hasKey("rounds"), "rehearse", "--drain", "n5");
    json(hasKey("groups"), "roll");
    json(has("group", "default").and(hasKey("moves")), "balance", "-t", data());
    json(list(), "status");
    json(has("paused", true), "pause");
    json(has("name", "n4"), "sim", "diagnose", "n4", "evacuate");
    json(has("node", "n4"), "show", "n4");
    json(has("repair-status", "canceled"), "cancel", "n4");
    json(has("paused", false), "resume");
    json(has("name", "n4"), "sim", "diagnose", "n4", "Ok");
    json(has("op", "reinstall"), "sim", "fail", "--op", "reinstall", "--node", "n3");
    json(has("node", "n3"), "sim", "load", "n3", "2");
    json(o -> String.valueOf(o).contains("rack:r1"), "sim", "tag", "n3", "add", "rack:r1");
    json(has("instance", "scratch"), "sim", "instance", "scratch", "--status", "running");
    json(has("node", "n5").and(has("drained", false)), "sim", "node", "n5", "--drained", "no");
    json(list(), "sim", "jobs");
    json(has("receivers", List.of()), "notify", "test");
    json(windows(1), "schedule", "add", "n5", "--start", "+2d");
    json(windows(2), "schedule", "set", schedule("n5", "n4"));
    json(windows(1), "schedule", "remove", "n4");
    json(windows(1), "schedule", "show");
    json(first("mode", "DOWN"), "down", "n5", "--force");
    json(first("offline", false), "up", "n5");
    json(windows(0), "schedule", "clear");
    json(has("status", "held"), "reboot", "n4", "--key", "a", "--wait");
    json(first("node", "n4"), "reboots");
    json(has("status", "done"), "release", "n4", "a", "--wait");
    Object pending = json(has("status", "pending"), "reboot", "n3", "--key", "k");
    json(has("status", "failed"), "cancel-reboot", "n3", (String) ((Map<?, ?>) pending).get("id"));
    json(has("name", "n2"), "sim", "diagnose", "n2", "live-repair", "--command", "demo-fix");
    cluster.awaitIncident("repaired", on("n2", "completed"));
    json(has("node", "n2"), "ack", "n2");
    campaigns();
  }

  private void campaigns() {
    json(has("op", "boot"), "sim", "fail", "--op", "boot", "--node", "n5");
    json(
        1,
        has("status", "failed"),
        "campaign",
        "start",
        "--node",
        "n5",
        "--soak",
        "0s",
        "--boot-timeout",
        "1s",
        "--wait");
    json(has("name", "n5"), "sim", "power-on", "n5");
    json(has("status", "running"), "campaign", "start", "--node", "n3", "--soak", "1m");
    json(has("status", "paused"), "campaign", "pause");
    json(o -> o instanceof List<?> l && l.size() == 2, "campaign", "show");
    json(has("status", "running"), "campaign", "resume");
    json(has("status", "aborting").or(has("status", "aborted")), "campaign", "abort");
  }

  private static Predicate<Object> windows(int n) {
    return o -> o instanceof Map<?, ?> m && m.get("windows") instanceof List<?> w && w.size() == n;
  }

  private String data() {
    return cluster.dir.resolve("cluster.data").toString();
  }

  private String schedule(String... machines) throws Exception {
    long start = Instant.now().plusSeconds(2 * 86400).getEpochSecond() * 1_000_000_000L;
    List<Object> windows = new ArrayList<>();
    for (String m : machines) {
      windows.add(
          Map.of(
              "machine_ids",
              List.of(Map.of("hostname", m)),
              "unavailability",
              Map.of("start", Map.of("nanoseconds", start))));
    }
    Path f = tmp.resolve("schedule.json");
    Files.writeString(f, Json.write(Map.of("windows", windows)));
    return f.toString();
  }

  /** Every command that has no subcommands, as typed: {@code status}, {@code sim jobs}. */
  private static List<String> leaves(CommandLine c, String prefix) {
    List<String> out = new ArrayList<>();
    c.getSubcommands()
        .forEach(
            (name, sub) -> {
              String path = prefix.isEmpty() ? name : prefix + " " + name;
              if (name.equals("help")) {
                return;
              }
              if (sub.getSubcommands().isEmpty()) {
                out.add(path);
              } else {
                out.addAll(leaves(sub, path));
              }
            });
    return out;
  }
}
