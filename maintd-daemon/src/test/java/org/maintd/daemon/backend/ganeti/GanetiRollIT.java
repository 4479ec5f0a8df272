package org.maintd.daemon.backend.ganeti;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.app.Daemon;
import org.maintd.protocol.json.Json;
import org.maintd.testing.GanetiTools;

/**
 * The daemon's {@code GET /1/roll} against Ganeti's own {@code hroller -m} on the real cluster of
 * {@code scripts/ganeti-sandbox}: the same groups and moves, line for line, with hroller's options
 * and with a node drained by hand (offline for hroller: in no group and no target). The warnings on
 * data that do not add up name the same nodes in the same order; their figures are the nodes' live
 * free memory and disk, read a moment apart, so only they may differ. Puts back what it drained.
 */
class GanetiRollIT {
  private static final Path HROLLER = Path.of("/usr/lib/ganeti/3.0/usr/bin/hroller");
  private static final String DRAINED = "node3.gnt.test";

  @TempDir Path dir;
  Sandbox sandbox;
  Path credentials;
  Daemon daemon;
  boolean drained;
  final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    sandbox = Sandbox.load();
    GanetiTools.require(HROLLER);
    credentials = sandbox.credentials(dir);
    sandbox.forgetMaintd(credentials);
    daemon = new Daemon(sandbox.daemon(dir, Sandbox.FIRST_MASTER, credentials), Clock.systemUTC());
    daemon.start(false);
  }

  @AfterEach
  void stop() throws Exception {
    if (daemon != null) {
      daemon.close();
    }
    if (drained) {
      sandbox.putBack(credentials, DRAINED, List.of());
    }
  }

  @Test
  void rollAnswersHrollersGroupsOnTheSandbox() throws Exception {
    for (String query : List.of("", "offline-maintenance=1", "ignore-non-redundant=1")) {
      assertSameAsHroller(query);
    }
  }

  @Test
  void aNodeDrainedByHandIsOfflineAsForHroller() throws Exception {
    drained = true;
    sandbox.onMaster("gnt-node", "modify", "--drained", "yes", DRAINED);
    await("the daemon's snapshot shows " + DRAINED + " drained")
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> !groups(roll("")).contains(DRAINED));
    String plan = assertSameAsHroller("");
    assertFalse(groups(plan).contains(DRAINED), plan);
    assertSameAsHroller("offline-maintenance=1");
  }

  /** GET /1/roll with {@code query}, as maintctl prints it, equals hroller's; answers it. */
  private String assertSameAsHroller(String query) throws Exception {
    String ours = roll(query);
    List<String> args =
        new ArrayList<>(
            List.of(
                HROLLER.toString(),
                "-m",
                sandbox.env.get("GANETI_RAPI_URL").replace("://", "://" + login() + "@"),
                "--print-moves"));
    for (String flag : query.isEmpty() ? new String[0] : query.split("&")) {
      args.add("--" + flag.replace("=1", ""));
    }
    Process p =
        new ProcessBuilder(args)
            .redirectOutput(dir.resolve("out").toFile())
            .redirectError(dir.resolve("err").toFile())
            .start();
    assertTrue(p.waitFor(120, TimeUnit.SECONDS), "hroller did not finish: " + args);
    String err = Files.readString(dir.resolve("err"));
    assertEquals(0, p.exitValue(), err);
    String theirs = Files.readString(dir.resolve("out")) + masked(err);
    assertEquals(
        theirs, ours, "GET /1/roll?" + query + " against hroller " + args.subList(2, args.size()));
    return ours;
  }

  /** The groups and moves of a plan as {@link #roll} prints it, without the warnings. */
  private static String groups(String printed) {
    int warnings = printed.indexOf("Warning: ");
    return warnings < 0 ? printed : printed.substring(0, warnings);
  }

  private String login() {
    return sandbox.env.get("GANETI_RAPI_USER") + ":" + sandbox.env.get("GANETI_RAPI_PASSWORD");
  }

  /** The figures of hroller's warnings, which come from live free memory and disk, masked. */
  private static String masked(String warnings) {
    return warnings.replaceAll("-?\\d+ (MB|GB)", "N $1");
  }

  /** {@code GET /1/roll?query} printed as maintctl prints it, then its warnings, masked. */
  @SuppressWarnings("unchecked")
  private String roll(String query) throws Exception {
    URI uri =
        URI.create(
            "http://127.0.0.1:" + daemon.port() + "/1/roll" + (query.isEmpty() ? "" : "?" + query));
    List<HttpResponse<String>> last = new ArrayList<>();
    await("a plan from the daemon's first snapshot")
        .atMost(Duration.ofSeconds(60))
        .until(
            () -> {
              last.add(
                  0,
                  http.send(
                      HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString()));
              return last.get(0).statusCode() == 200;
            });
    Map<?, ?> plan = (Map<?, ?>) Json.parse(last.get(0).body());
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
    StringBuilder warnings = new StringBuilder();
    for (Object w : (List<?>) plan.get("warnings")) {
      warnings.append("Warning: ").append(w).append('\n');
    }
    return out + masked(warnings.toString());
  }
}
