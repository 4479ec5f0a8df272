package org.maintd.daemon.app;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.MaintctlRun;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.protocol.signing.RequestSignature;
import org.maintd.protocol.signing.SignedMessage;

/**
 * The maintenance schedule through the daemon's API and maintctl, on the simulated cluster: Mesos'
 * own example taken as it is (its machines are no nodes here: kept, with warnings), a schedule
 * breaking a rule refused with the rule, machines taken down and brought up, and every changing
 * endpoint refused to a request that is not signed, or signed with another key.
 */
class MaintenanceEndToEndTest {
  @TempDir Path tmp;
  TestCluster cluster;
  final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp);
    cluster.startDaemon();
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  private String url() {
    return "http://127.0.0.1:" + cluster.port();
  }

  private MaintctlRun maintctl(String... args) {
    return MaintctlRun.of(url(), cluster.keyFile, args);
  }

  private Path file(String name, String text) throws Exception {
    Path f = tmp.resolve(name);
    Files.writeString(f, text);
    return f;
  }

  @Test
  void mesosDocumentedExampleIsTakenAsItIsWithWarningsForMachinesThatAreNoNodes() throws Exception {
    Path mesos = tmp.resolve("mesos.json");
    try (InputStream in =
        getClass().getResourceAsStream("/maintenance/mesos-maintenance-schedule.json")) {
      Files.write(mesos, in.readAllBytes());
    }
    MaintctlRun set = maintctl("schedule", "set", mesos.toString());
    assertEquals(0, set.code(), set.err());
    assertTrue(set.out().startsWith("schedule set: 2 window(s), 3 machine(s)"), set.out());
    assertTrue(
        set.out().contains("warning: machine 'machine1' is no node of the cluster"), set.out());
    Map<?, ?> stored = (Map<?, ?>) cluster.get("/1/maintenance/schedule");
    assertEquals(
        Json.parse(Files.readString(mesos)), stored, "the schedule reads back as it was posted");
    Map<?, ?> status = (Map<?, ?>) cluster.get("/1/maintenance/status");
    assertEquals(3, ((List<?>) status.get("unknown_machines")).size(), status.toString());
    MaintctlRun show = maintctl("schedule", "show");
    assertTrue(show.out().contains("machine3") && show.out().contains("unknown"), show.out());
  }

  @Test
  void scheduleAddPutsOneMoreWindowOnTheScheduleAsItStands() throws Exception {
    Instant before = Instant.now();
    MaintctlRun first = maintctl("schedule", "add", "n5", "--start", "+2d", "--duration", "1h");
    assertEquals(0, first.code(), first.err());
    MaintctlRun second =
        maintctl(
            "schedule",
            "add",
            "n4",
            "n3",
            "--start",
            "2030-01-01T02:00:00Z",
            "--auto",
            "--respect-declines");
    assertEquals(0, second.code(), second.err());
    assertTrue(second.out().startsWith("schedule set: 2 window(s), 3 machine(s)"), second.out());

    List<?> windows = (List<?>) ((Map<?, ?>) cluster.get("/1/maintenance/schedule")).get("windows");
    assertEquals(2, windows.size(), windows.toString());
    Map<?, ?> n5 = (Map<?, ?>) windows.get(0);
    Map<?, ?> unavailability = (Map<?, ?>) n5.get("unavailability");
    long start =
        ((Number) ((Map<?, ?>) unavailability.get("start")).get("nanoseconds")).longValue();
    Instant expected = before.plus(Duration.ofDays(2));
    assertTrue(
        Math.abs(start / 1_000_000_000L - expected.getEpochSecond()) < 60,
        "+2d from now: " + Instant.ofEpochSecond(0, start));
    assertEquals(
        Map.of("nanoseconds", 3_600_000_000_000L), unavailability.get("duration"), n5.toString());
    Map<?, ?> n4 = (Map<?, ?>) windows.get(1);
    assertEquals(Boolean.TRUE, n4.get("auto"), n4.toString());
    assertEquals(Boolean.TRUE, n4.get("respect_declines"), n4.toString());

    MaintctlRun vague = maintctl("schedule", "add", "n2", "--start", "tomorrow");
    assertEquals(2, vague.code(), vague.err());
    assertTrue(
        vague
            .err()
            .startsWith(
                "maintctl: Invalid value for option '--start': 'tomorrow' is neither +DURATION"
                    + " (+90s, +2h) nor a time"),
        vague.err());
    assertEquals(
        2,
        ((List<?>) ((Map<?, ?>) cluster.get("/1/maintenance/schedule")).get("windows")).size(),
        "a refused add changes nothing");
  }

  @Test
  void everyWindowMaintctlCannotPutOnTheScheduleIsAUsageErrorNamingItsOption() throws Exception {
    String[][] cases = {
      {"--start", "+99999999h", "--start': '+99999999h' is after 2262-04-11T23:47:16.854775807Z,"},
      {"--start", "1960-01-01T00:00:00Z", "--start': '1960-01-01T00:00:00Z' is before 1970"},
      {"--duration", "99999999h", "--duration': '99999999h' is longer than a window can last"},
      {"--duration", "0s", "--duration': '0s': a window lasts longer than that"},
      {"--duration", "long", "--duration': 'long' is not a duration"},
    };
    for (String[] c : cases) {
      List<String> args = new java.util.ArrayList<>(List.of("schedule", "add", "n2"));
      args.addAll(List.of(c[0], c[1]));
      if (!c[0].equals("--start")) {
        args.addAll(List.of("--start", "+1h"));
      }
      MaintctlRun r = maintctl(args.toArray(String[]::new));
      assertEquals(2, r.code(), c[1] + ": " + r.err());
      assertTrue(
          r.err().startsWith("maintctl: Invalid value for option '" + c[2]), c[1] + ": " + r.err());
    }
    MaintctlRun late =
        maintctl("schedule", "add", "n2", "--start", "2262-01-01T00:00:00Z", "--duration", "365d");
    assertEquals(2, late.code(), late.err());
    assertTrue(
        late.err()
            .startsWith(
                "maintctl: --duration: the window would end after 2262-04-11T23:47:16.854775807Z"),
        late.err());
    assertEquals(Map.of("windows", List.of()), cluster.get("/1/maintenance/schedule"));
  }

  @Test
  void aWindowStartingBefore1970OrOfNoLengthIsRefusedByTheDaemonAndNothingIsStored()
      throws Exception {
    String[][] cases = {
      {
        "{\"nanoseconds\": -1}, \"duration\": {\"nanoseconds\": 3600000000000}",
        "windows[0]: Unavailability 'start' is before 1970 (1969-12-31T23:59:59.999999999Z): a"
            + " window starts at a time in nanoseconds since 1970-01-01T00:00:00Z"
      },
      {
        "{\"nanoseconds\": 1800000000000000000}, \"duration\": {\"nanoseconds\": 0}",
        "windows[0]: Unavailability 'duration' is zero: a window lasts some time (leave"
            + " 'duration' out for a window with no end)"
      },
    };
    for (String[] c : cases) {
      HttpResponse<String> r =
          cluster.signedPost(
              "/1/maintenance/schedule",
              "{\"windows\": [{\"machine_ids\": [{\"hostname\": \"n2\"}],"
                  + " \"unavailability\": {\"start\": "
                  + c[0]
                  + "}}]}");
      assertEquals(400, r.statusCode(), r.body());
      assertEquals(Map.of("error", "bad-request", "message", c[1]), Json.parse(r.body()), r.body());
    }
    assertEquals(Map.of("windows", List.of()), cluster.get("/1/maintenance/schedule"));
  }

  @Test
  void aScheduleBreakingARuleIsRefusedNamingTheRuleAndTheMachine() throws Exception {
    String twice =
        "{\"windows\": [{\"machine_ids\": [{\"hostname\": \"n2\"}, {\"hostname\": \"N2\"}],"
            + " \"unavailability\": {\"start\": {\"nanoseconds\": 1}}}]}";
    HttpResponse<String> r = cluster.signedPost("/1/maintenance/schedule", twice);
    assertEquals(400, r.statusCode(), r.body());
    assertEquals(
        "Machine '{\"hostname\":\"N2\"}' appears more than once in the schedule",
        ((Map<?, ?>) Json.parse(r.body())).get("message"));
    String negative =
        "{\"windows\": [{\"machine_ids\": [{\"hostname\": \"n2\"}],"
            + " \"unavailability\": {\"start\": {\"nanoseconds\": 1}, \"duration\": {\"nanoseconds\": -5}}}]}";
    HttpResponse<String> n = cluster.signedPost("/1/maintenance/schedule", negative);
    assertEquals(400, n.statusCode());
    assertTrue(n.body().contains("windows[0]: Unavailability 'duration' is negative"), n.body());
    assertEquals(Map.of("windows", List.of()), cluster.get("/1/maintenance/schedule"));
  }

  private String window(String node, Instant start) {
    long ns = start.getEpochSecond() * 1_000_000_000L;
    return "{\"windows\": [{\"machine_ids\": [{\"hostname\": \""
        + node
        + "\"}], \"unavailability\": {\"start\": {\"nanoseconds\": "
        + ns
        + "}, \"duration\": {\"nanoseconds\": 3600000000000}}}]}";
  }

  @Test
  void aMachineTakenDownIsDownUntilBroughtUpAndCannotBeDroppedMeanwhile() throws Exception {
    Instant later = Instant.now().plus(Duration.ofDays(2));
    assertEquals(
        0, maintctl("schedule", "set", file("s.json", window("n5", later)).toString()).code());
    MaintctlRun notDrained = maintctl("down", "n5");
    assertEquals(1, notDrained.code());
    assertTrue(notDrained.err().contains("n5 is not in DRAIN mode"), notDrained.err());
    MaintctlRun down = maintctl("down", "n5", "--force");
    assertEquals(0, down.code(), down.err());
    assertTrue(down.out().startsWith("n5: DOWN through job "), down.out());
    await("n5 offline")
        .atMost(Duration.ofSeconds(30))
        .until(() -> Boolean.TRUE.equals(cluster.node("n5").get("offline")));
    assertEquals("DOWN", cluster.node("n5").get("mode"));
    MaintctlRun drop = maintctl("schedule", "clear");
    assertEquals(1, drop.code());
    assertTrue(
        drop.err().contains("is deactivated and cannot be removed from the schedule"), drop.err());

    MaintctlRun up = maintctl("up", "n5");
    assertEquals(0, up.code(), up.err());
    await("n5 online")
        .atMost(Duration.ofSeconds(30))
        .until(() -> Boolean.FALSE.equals(cluster.node("n5").get("offline")));
    assertEquals("UP", cluster.node("n5").get("mode"));
    assertEquals(Map.of("windows", List.of()), cluster.get("/1/maintenance/schedule"));
  }

  private HttpResponse<String> send(String method, String path, String body, HmacKey key)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(URI.create(url() + path))
            .method(method, HttpRequest.BodyPublishers.ofString(body));
    if (key != null) {
      String nonce = java.util.UUID.randomUUID().toString();
      SignedMessage s = key.sign(RequestSignature.text(method, path, nonce, body), Instant.now());
      b.header(RequestSignature.SALT_HEADER, s.salt())
          .header(RequestSignature.NONCE_HEADER, nonce)
          .header(RequestSignature.HMAC_HEADER, s.hmac());
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void everyChangingEndpointRefusesRequestsNotSignedOrSignedWithAnotherKey() throws Exception {
    HmacKey forged = new HmacKey("not the cluster key".getBytes());
    String schedule = window("n5", Instant.now().plus(Duration.ofDays(2)));
    String[][] changes = {
      {"POST", "/1/maintenance/schedule", schedule},
      {"DELETE", "/1/maintenance/schedule", ""},
      {"POST", "/1/machines/down", "[{\"hostname\": \"n5\"}]"},
      {"POST", "/1/machines/up", "[{\"hostname\": \"n5\"}]"}
    };
    for (String[] c : changes) {
      assertEquals(401, send(c[0], c[1], c[2], null).statusCode(), c[0] + " " + c[1] + " unsigned");
      HttpResponse<String> f = send(c[0], c[1], c[2], forged);
      assertEquals(401, f.statusCode(), c[0] + " " + c[1] + " forged: " + f.body());
    }
    assertEquals(Map.of("windows", List.of()), cluster.get("/1/maintenance/schedule"));
    HmacKey real = HmacKey.fromFileContent(Files.readAllBytes(cluster.keyFile));
    assertEquals(200, send("POST", "/1/maintenance/schedule", schedule, real).statusCode());
    assertEquals(200, send("DELETE", "/1/maintenance/schedule", "", real).statusCode());
  }
}
