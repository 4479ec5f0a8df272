package org.maintd.daemon.hardening;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.daemon.config.Http;
import org.maintd.daemon.testing.CapturedLog;
import org.maintd.daemon.testing.RawHttp;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.RequestSignature;
import org.maintd.protocol.text.Escaped;

/**
 * The daemon with its real routes, sent what a careless or hostile client sends: {@code null}
 * bodies, JSON of the wrong shape, {@code 1} and {@code "yes"} for booleans, texts too long or
 * holding control characters. Each is refused with the status, error code and message it names,
 * nothing is stored (the schedule, the reboot requests, the campaigns and the simulated cluster's
 * jobs read the same), and nothing of it reaches the log raw.
 */
class BadInputTest {
  @TempDir Path tmp;

  private TestCluster cluster;
  private CapturedLog log;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp);
    // a body limit over what the bounds below allow, so that the bounds answer, not the limit
    cluster.api = new Http(2 << 20, TestCluster.IDLE);
    cluster.startDaemon();
    log = new CapturedLog();
  }

  @AfterEach
  void stop() throws Exception {
    log.close();
    cluster.close();
  }

  /** What the daemon keeps of what clients send, as its reads show it. */
  private String stored() throws Exception {
    return cluster.getRaw("/1/maintenance/schedule").body()
        + cluster.getRaw("/1/reboots").body()
        + cluster.getRaw("/1/campaigns").body()
        + cluster.getRaw("/1/sim/jobs").body();
  }

  private void assertRefused(String path, String body, int status, String code, String message)
      throws Exception {
    String before = stored();
    HttpResponse<String> r = cluster.signedPost(path, body);
    assertEquals(status, r.statusCode(), path + " " + shown(body) + ": " + r.body());
    Map<?, ?> error = (Map<?, ?>) Json.parse(r.body());
    assertEquals(code, error.get("error"), r.body());
    assertEquals(message, error.get("message"), path + " " + shown(body));
    assertEquals(before, stored(), "nothing was stored of " + path + " " + shown(body));
    assertNothingLoggedRaw();
  }

  private static String shown(String body) {
    return Escaped.of(body.length() > 200 ? body.substring(0, 200) + "..." : body);
  }

  /** No line of the log holds a control character, a Java exception or a forged line. */
  private void assertNothingLoggedRaw() {
    for (String m : log.messages()) {
      assertTrue(m.codePoints().noneMatch(Escaped::isControl), "logged raw: " + Escaped.of(m));
      assertFalse(m.contains("Forged") || m.contains("Exception"), "logged: " + m);
    }
    assertTrue(log.events().stream().allMatch(e -> e.getThrowableProxy() == null));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/1/maintenance/schedule|an object with the fields windows",
        "/1/nodes/n3/reboot|an object with the fields mode, key, reason, evacuate, force",
        "/1/campaigns|an object with the fields nodes, group, tags, mode, max_nodes, soak,"
            + " boot_timeout, windows",
        "/1/sim/diagnose|an object with the fields node, status, command, details",
        "/1/sim/fail|an object with the fields op, node, instance, times",
        "/1/sim/load|an object with the fields node, cpu",
        "/1/sim/tags|an object with the fields node, instance, group, cluster, action, tag, tags",
        "/1/sim/power-on|an object with the fields node, powered",
        "/1/sim/instance|an object with the fields instance, status",
        "/1/sim/node|an object with the fields node, drained, offline",
      })
  void everyBodyTakingEndpointRefusesANullBodyNamingWhatItMustBe(String path, String expected)
      throws Exception {
    assertRefused(
        path, "null", 400, "bad-request", "the request body must be " + expected + ", not null");
    assertRefused(
        path, "", 400, "bad-request", "the request body is empty: it must be " + expected);
  }

  @Test
  void theMachineCommandsRefuseANullBodyNamingWhatItMustBe() throws Exception {
    for (String path : List.of("/1/machines/up", "/1/machines/down")) {
      assertRefused(
          path,
          "null",
          400,
          "bad-request",
          "the request body must be a list, not null (the body is a list of machine ids such as"
              + " [{\"hostname\": \"node3\"}])");
    }
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      value = {
        "/1/maintenance/schedule|{\"windows\": {}}|'windows' must be a list, not an object",
        "/1/maintenance/schedule|{\"windows\": [{\"machine_ids\": \"n2\"}]}"
            + "|'windows[0].machine_ids' must be a list, not the string \"n2\"",
        "/1/maintenance/schedule|{\"windows\": [{\"unavailability\": {\"start\": 5}}]}"
            + "|'windows[0].unavailability.start' must be an object with the fields nanoseconds,"
            + " not the number 5",
        "/1/campaigns|{\"nodes\": \"n2\"}|'nodes' must be a list, not the string \"n2\"",
        "/1/campaigns|{\"max_nodes\": 1.5}|'max_nodes' must be a whole number, not the number 1.5",
        "/1/sim/load|{\"node\": \"n2\", \"cpu\": \"x\"}|'cpu' must be a number, not the string \"x\"",
        "/1/nodes/n3/reboot|[]|the request body must be an object with the fields mode, key,"
            + " reason, evacuate, force, not a list",
      })
  void noRefusalNamesAJavaType(String path, String body, String message) throws Exception {
    assertRefused(path, body, 400, "bad-request", message);
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      value = {
        "/1/nodes/n3/reboot|{\"force\": 1}|'force' must be true or false, not the number 1",
        "/1/nodes/n3/reboot|{\"force\": \"true\"}"
            + "|'force' must be true or false, not the string \"true\"",
        "/1/nodes/n3/reboot|{\"evacuate\": \"yes\"}"
            + "|'evacuate' must be true or false, not the string \"yes\"",
        "/1/nodes/n3/reboot|{\"evacuate\": 0}|'evacuate' must be true or false, not the number 0",
        "/1/maintenance/schedule|{\"windows\": [{\"auto\": 1, \"machine_ids\": [{\"hostname\":"
            + " \"n2\"}], \"unavailability\": {\"start\": {\"nanoseconds\": 1}}}]}"
            + "|'windows[0].auto' must be true or false, not the number 1",
        "/1/sim/tags|{\"cluster\": \"yes\", \"action\": \"add\", \"tag\": \"x\"}"
            + "|'cluster' must be true or false, not the string \"yes\"",
      })
  void booleansAreJsonBooleansOnly(String path, String body, String message) throws Exception {
    assertRefused(path, body, 400, "bad-request", message);
  }

  @Test
  void queryFlagsStayAsDocumented() throws Exception {
    String n2 = "[{\"hostname\": \"n2\"}]";
    assertRefused(
        "/1/machines/down?force=yes",
        n2,
        400,
        "bad-request",
        "parameter 'force' is a flag: 1 or 0, not 'yes'");
    assertRefused(
        "/1/machines/down?force=1",
        n2,
        409,
        "conflict",
        "n2 is not part of the maintenance schedule: schedule it first (its window may start now)");
  }

  @ParameterizedTest(name = "{1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "10|U+000A",
        "0|U+0000",
        "27|U+001B",
        "8238|U+202E",
        "13|U+000D",
        "8233|U+2029",
      })
  void aReasonOrAHostnameHoldingAControlCharacterIsRefusedWithItsCodePoint(
      int codePoint, String shown) throws Exception {
    String bad = "ok" + Character.toString(codePoint) + "ERROR Forged log line";
    assertRefused(
        "/1/nodes/n3/reboot",
        "{\"key\": \"k1\", \"reason\": " + Json.write(bad) + "}",
        400,
        "bad-request",
        "'reason' holds the control character "
            + shown
            + " at position 3: a reason is printable characters, with no line breaks, tabs or"
            + " terminal controls");
    assertRefused(
        "/1/maintenance/schedule",
        schedule(List.of("n2", bad)),
        400,
        "bad-request",
        "'windows[0].machine_ids[1].hostname' holds the control character "
            + shown
            + " at position 3: a hostname is letters, digits, '-' and '.', with no line breaks,"
            + " tabs or terminal controls");
    assertRefused(
        "/1/machines/up",
        "[{\"hostname\": " + Json.write(bad) + "}]",
        400,
        "bad-request",
        "'[0].hostname' holds the control character "
            + shown
            + " at position 3: a hostname is letters, digits, '-' and '.', with no line breaks,"
            + " tabs or terminal controls");
  }

  @Test
  void textsOverTheirBoundsAreRefusedNamingTheBound() throws Exception {
    assertRefused(
        "/1/nodes/n3/reboot",
        "{\"key\": \"k1\", \"reason\": \"" + "x".repeat(501) + "\"}",
        400,
        "bad-request",
        "'reason' is 501 characters long: a reason is at most 500 characters");
    assertRefused(
        "/1/nodes/n3/reboot",
        "{\"key\": \"k1\", \"reason\": \"" + "x".repeat(900_000) + "\"}",
        400,
        "bad-request",
        "'reason' is 900000 characters long: a reason is at most 500 characters");
    assertRefused(
        "/1/maintenance/schedule",
        schedule(List.of("a".repeat(254))),
        400,
        "bad-request",
        "'windows[0].machine_ids[0].hostname' is 254 characters long: a hostname is at most 253"
            + " characters");
    assertRefused(
        "/1/maintenance/schedule",
        schedule(List.of("a".repeat(10_000))),
        400,
        "bad-request",
        "'windows[0].machine_ids[0].hostname' is 10000 characters long: a hostname is at most 253"
            + " characters");
    assertRefused(
        "/1/maintenance/schedule",
        schedule(java.util.stream.IntStream.range(0, 10_001).mapToObj(i -> "m" + i).toList()),
        400,
        "bad-request",
        "the request has 10001 machines in the schedule: at most 10000 are taken");
  }

  @Test
  void aBodyOverTheLimitIsRefusedFromTheLengthItDeclares() throws Exception {
    String before = stored();
    TestCluster.Captured signed =
        TestCluster.Captured.sign(cluster.keyFile, "/1/nodes/n3/reboot", "{}");
    try (RawHttp c = new RawHttp(cluster.port(), Duration.ofSeconds(20))) {
      RawHttp.Answer a =
          c.send(
                  "POST /1/nodes/n3/reboot HTTP/1.1\r\nHost: t\r\n"
                      + RequestSignature.SALT_HEADER
                      + ": "
                      + signed.salt()
                      + "\r\n"
                      + RequestSignature.NONCE_HEADER
                      + ": "
                      + signed.nonce()
                      + "\r\n"
                      + RequestSignature.HMAC_HEADER
                      + ": "
                      + signed.hmac()
                      + "\r\nContent-Length: "
                      + (3 << 20)
                      + "\r\n\r\n{\"reason\": \"xxxx")
              .answer();
      assertEquals(413, a.status(), a.body());
      assertEquals(
          Map.of(
              "error",
              "body-too-large",
              "message",
              "the request body is over the limit of "
                  + (2 << 20)
                  + " bytes ("
                  + (3 << 20)
                  + " bytes declared)"),
          Json.parse(a.body()));
    }
    assertEquals(before, stored());
    assertNothingLoggedRaw();
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      value = {
        "/1/maintenance/schedule|{\"windows\": [{\"machine_ids\": [{\"hostname\": \"../etc\"}],"
            + " \"unavailability\": {\"start\": {\"nanoseconds\": 1}}}]}"
            + "|'windows[0].machine_ids[0].hostname' holds '/' (U+002F) at position 3: a hostname"
            + " is letters, digits, '-' and '.'",
        "/1/campaigns|{\"nodes\": [\"n2\", \"n3 n4\"]}"
            + "|'nodes[1]' holds ' ' (U+0020) at position 3: a hostname is letters, digits, '-'"
            + " and '.'",
        "/1/campaigns|{\"tags\": [\"rack:1\", \"a b\"]}"
            + "|'tags[1]' holds ' ' (U+0020) at position 2: a tag is letters, digits and"
            + " _ . + * / : @ -",
        "/1/sim/tags|{\"node\": \"n2\", \"action\": \"add\", \"tag\": \"maintd consent\"}"
            + "|'tag' holds ' ' (U+0020) at position 7: a tag is letters, digits and"
            + " _ . + * / : @ -",
        "/1/sim/fail|{\"op\": \"migrate\", \"instance\": \"web1\\u001b[2J\"}"
            + "|'instance' holds the control character U+001B at position 5: a name is letters,"
            + " digits, '-', '.' and '_', with no line breaks, tabs or terminal controls",
      })
  void namesOutsideTheirAlphabetAreRefusedWithTheCharacterAndItsPosition(
      String path, String body, String message) throws Exception {
    assertRefused(path, body, 400, "bad-request", message);
  }

  @Test
  void textsAtTheirBoundsAreTakenAndTheRoundLogsThemEscaped() throws Exception {
    String hostname = "a".repeat(253);
    HttpResponse<String> posted =
        cluster.signedPost("/1/maintenance/schedule", schedule(List.of(hostname)));
    assertEquals(200, posted.statusCode(), posted.body());
    assertTrue(posted.body().contains("machine '" + hostname + "' is no node"), posted.body());
    String reason = "disk\\swap " + "x".repeat(490);
    HttpResponse<String> asked =
        cluster.signedPost(
            "/1/nodes/n5/reboot",
            "{\"key\": \"k1\", \"evacuate\": false, \"reason\": " + Json.write(reason) + "}");
    assertEquals(200, asked.statusCode(), asked.body());
    assertEquals(reason, ((Map<?, ?>) Json.parse(asked.body())).get("reason"));
    cluster.awaitTrue(
        "the round logged the request with its reason escaped",
        () ->
            log.messages().stream()
                .anyMatch(m -> m.contains("accepted from cluster-key: disk\\\\swap xxx")));
    assertNothingLoggedRaw();
  }

  @Test
  void aNodeTakesAtMostThirtyTwoKeys() throws Exception {
    for (int i = 1; i <= 32; i++) {
      HttpResponse<String> r =
          cluster.signedPost(
              "/1/nodes/n5/reboot", "{\"key\": \"k" + i + "\", \"evacuate\": false}");
      assertEquals(200, r.statusCode(), "key " + i + ": " + r.body());
    }
    // the rounds move the 32 requests on meanwhile: what must not be stored is a 33rd
    HttpResponse<String> r =
        cluster.signedPost("/1/nodes/n5/reboot", "{\"key\": \"k33\", \"evacuate\": false}");
    assertEquals(409, r.statusCode(), r.body());
    Map<?, ?> error = (Map<?, ?>) Json.parse(r.body());
    assertEquals("conflict", error.get("error"), r.body());
    assertEquals(
        "node n5 is held by 32 keys already, the most one node takes: release one first (maintctl"
            + " release n5 KEY)",
        error.get("message"));
    List<?> requests = (List<?>) cluster.get("/1/reboots");
    assertEquals(32, requests.size());
    assertTrue(
        requests.stream().noneMatch(q -> "k33".equals(((Map<?, ?>) q).get("key"))),
        requests.toString());
    assertNothingLoggedRaw();
  }

  private static String schedule(List<String> hostnames) {
    return "{\"windows\": [{\"machine_ids\": "
        + Json.write(hostnames.stream().map(h -> Map.of("hostname", h)).toList())
        + ", \"unavailability\": {\"start\": {\"nanoseconds\": 4102444800000000000}}}]}";
  }
}
