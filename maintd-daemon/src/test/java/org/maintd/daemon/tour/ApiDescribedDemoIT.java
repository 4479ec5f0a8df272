package org.maintd.daemon.tour;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.ApiDocument;
import org.maintd.daemon.testing.DocExamples;
import org.maintd.protocol.json.Json;

/**
 * The API as described, against {@code scripts/demo} driven through a short scenario with {@code
 * maintctl} (a drain of node2 is rehearsed, an incident evacuates node3, a campaign reboots node8,
 * node5 is scheduled and drains, a key holds node6): every read the OpenAPI document describes
 * answers what its schema names, every field it requires and none it does not, filtered and paged
 * too; refusals answer a status the document gives them, with the error object; and the curl
 * examples of {@code docs/http-api.md} run against it and answer the fields the document shows. One
 * demo for the class: about 60 s.
 */
class ApiDescribedDemoIT {
  private static final Duration SHORT = Duration.ofSeconds(60);
  private static final String ADMIN = "admin:secret";

  @TempDir static Path tmp;

  private static DemoProcess demo;
  private static ApiDocument document;
  private static final HttpClient http = HttpClient.newHttpClient();

  @BeforeAll
  static void startTheDemoAndDriveIt() throws Exception {
    demo = new DemoProcess(tmp);
    demo.start();
    Files.writeString(demo.state.resolve("users"), "admin secret write\nreader secret\n");
    for (String command :
        List.of(
            "scripts/maintctl rehearse --drain node2",
            "scripts/maintctl sim diagnose node3 evacuate --details '{\"disk\":\"sdb\"}'",
            "scripts/maintctl campaign start --node node8 --soak 10s",
            "scripts/maintctl schedule add node5 --start +1m --duration 10m",
            "scripts/maintctl reboot node6 --key alpha --reason disk-swap")) {
      DemoProcess.Result r = demo.run(command, SHORT);
      assertEquals(0, r.exit(), r.all());
    }
    await("node3's evacuation to complete")
        .atMost(Duration.ofSeconds(120))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> demo.list("/1/status").toString().contains("repair-status=completed"));
    document = ApiDocument.parse(send("GET", "/1/openapi.json", "", "").body());
  }

  @AfterAll
  static void stop() throws Exception {
    if (demo != null) {
      demo.close();
    }
  }

  @Test
  void everyReadDocumentedAnswersTheFieldsItsSchemaNamesAndNoOther() throws Exception {
    Map<String, String> params =
        Map.of(
            "{uuid}", (String) demo.list("/1/status").get(0).get("uuid"),
            "{id}", (String) demo.list("/1/campaigns").get(0).get("id"),
            "{node}", "node6");
    List<String> checked = new ArrayList<>();
    for (String operation : document.operations()) {
      String pattern = operation.substring(operation.indexOf(' ') + 1);
      if (!operation.startsWith("GET ") || document.answerSchema("GET", pattern, 200).isEmpty()) {
        continue;
      }
      String path = pattern;
      for (Map.Entry<String, String> p : params.entrySet()) {
        path = path.replace(p.getKey(), p.getValue());
      }
      HttpResponse<String> answer = send("GET", path, "", "");
      assertEquals(200, answer.statusCode(), path + ": " + answer.body());
      Object json = Json.parse(answer.body());
      assertEquals(
          List.of(),
          document.problems(document.answerSchema("GET", pattern, 200).orElseThrow(), json),
          path + " answered " + answer.body());
      assertEquals(
          document.documents("GET", pattern, 304),
          answer.headers().firstValue("ETag").isPresent(),
          path + " documents 304 (Not Modified) exactly when it answers an ETag");
      checked.add(path);
    }
    assertTrue(checked.size() >= 18, "reads checked: " + checked);
    Map<String, String> wholeItems =
        Map.of("/1/status", "Incident", "/1/nodes", "Node", "/1/reboots", "RebootRequest");
    for (Map.Entry<String, String> list : wholeItems.entrySet()) {
      Map<String, Object> whole = Map.of("$ref", "#/components/schemas/" + list.getValue());
      for (Object item : (List<?>) demo.get(list.getKey())) {
        assertEquals(List.of(), document.problems(whole, item), list.getKey() + " without a query");
      }
    }
    for (String list : List.of("/1/status", "/1/evacuated", "/1/campaigns", "/1/reboots")) {
      assertFalse(((List<?>) demo.get(list)).isEmpty(), list + " is empty: nothing was checked");
    }
    assertFalse(
        ((Map<?, ?>) demo.get("/1/maintenance/schedule")).get("windows").toString().equals("[]"));
    assertTrue(
        demo.get("/1/maintenance/status").toString().contains("node5"), "node5 is scheduled");
  }

  @Test
  void filteredAndPagedListsAnswerAsDocumentedAndLinkTheirNextPage() throws Exception {
    for (String query :
        List.of(
            "/1/nodes?group=group1&mode=up&limit=2&fields=name,mode",
            "/1/status?status=completed&fields=uuid,repair-status&limit=1",
            "/1/reboots?key=alpha&name=NODE6&fields=id,key",
            "/1/jobs?limit=1")) {
      HttpResponse<String> answer = send("GET", query, "", "");
      assertEquals(200, answer.statusCode(), query + ": " + answer.body());
      String pattern = query.substring(0, query.indexOf('?'));
      Object json = Json.parse(answer.body());
      assertEquals(
          List.of(),
          document.problems(document.answerSchema("GET", pattern, 200).orElseThrow(), json),
          query + " answered " + answer.body());
      if (!pattern.equals("/1/jobs")) {
        assertFalse(((List<?>) json).isEmpty(), query + " found nothing: nothing was checked");
      }
    }
    HttpResponse<String> page = send("GET", "/1/nodes?limit=2&fields=name", "", "");
    assertEquals(
        "</1/nodes?limit=2&fields=name&after="
            + ((Map<?, ?>) ((List<?>) Json.parse(page.body())).get(1)).get("name")
            + ">; rel=\"next\"",
        page.headers().firstValue("Link").orElseThrow());
  }

  @Test
  void refusalsAnswerAStatusTheDocumentGivesThemWithTheErrorObject() throws Exception {
    String uuid = (String) demo.list("/1/status").get(0).get("uuid");
    List<Refusal> refusals = refusals(uuid);
    for (Refusal r : refusals) {
      HttpResponse<String> answer = send(r.method(), r.path(), r.body(), r.auth());
      assertEquals(r.status(), answer.statusCode(), r + ": " + answer.body());
      answersAsDocumented(r.method(), r.pattern(), r.body(), answer);
    }
    HttpResponse<String> scheduled = send("GET", "/1/maintenance/schedule", "", "");
    HttpResponse<String> stale =
        send(
            HttpRequest.newBuilder(uri("/1/maintenance/schedule"))
                .header("If-Match", "\"0\"")
                .header("Authorization", basic(ADMIN))
                .POST(HttpRequest.BodyPublishers.ofString(scheduled.body())));
    assertEquals(412, stale.statusCode(), stale.body());
    assertTrue(document.documents("POST", "/1/maintenance/schedule", 412));
    assertEquals(scheduled.body(), send("GET", "/1/maintenance/schedule", "", "").body());
  }

  /** A request the daemon refuses, and the status it refuses it with. */
  private record Refusal(
      String method, String pattern, String path, String body, String auth, int status) {}

  /** Refusals of reads and changes, {@code uuid} a completed incident's. */
  private static List<Refusal> refusals(String uuid) {
    return List.of(
        new Refusal("GET", "/1/incidents/{uuid}", "/1/incidents/nope", "", "", 404),
        new Refusal("GET", "/1/campaigns/{id}", "/1/campaigns/nope", "", "", 404),
        new Refusal("GET", "/1/nodes/{node}/reboot", "/1/nodes/node99/reboot", "", "", 404),
        new Refusal("GET", "/1/roll", "/1/roll?node-regex=(", "", "", 400),
        new Refusal("GET", "/1/nodes", "/1/nodes?mode=sideways", "", "", 400),
        new Refusal("GET", "/1/nodes", "/1/nodes?after=node99", "", "", 404),
        new Refusal("GET", "/1/status", "/1/status?fields=nope", "", "", 400),
        new Refusal("GET", "/1/jobs", "/1/jobs?fields=id", "", "", 400),
        new Refusal("POST", "/1/pause", "/1/pause", "", "", 401),
        new Refusal("POST", "/1/sim/load", "/1/sim/load", "{\"node\": \"node2\"}", "", 401),
        new Refusal("POST", "/1/pause", "/1/pause", "", "reader:secret", 403),
        new Refusal("POST", "/1/pause", "/1/pause", "", "admin:wrong", 401),
        new Refusal(
            "POST",
            "/1/nodes/{node}/reboot",
            "/1/nodes/node6/reboot",
            "{\"mode\": \"gentle\"}",
            ADMIN,
            400),
        new Refusal(
            "POST",
            "/1/nodes/{node}/reboot",
            "/1/nodes/node6/reboot",
            "{\"key\": \"alpha\"}",
            ADMIN,
            409),
        new Refusal(
            "DELETE",
            "/1/nodes/{node}/reboot/{key}",
            "/1/nodes/node6/reboot/nokey",
            "",
            ADMIN,
            404),
        new Refusal("POST", "/1/campaigns/{id}/pause", "/1/campaigns/nope/pause", "", ADMIN, 404),
        new Refusal(
            "POST",
            "/1/incidents/{uuid}/cancel",
            "/1/incidents/" + uuid + "/cancel",
            "",
            ADMIN,
            409),
        new Refusal(
            "POST", "/1/machines/up", "/1/machines/up", "{\"hostname\": \"node1\"}", ADMIN, 400),
        new Refusal("POST", "/1/campaigns", "/1/campaigns", "{\"atuo\": 1}", ADMIN, 400));
  }

  @Test
  void changesAnswerAStatusTheDocumentGivesThemWithItsSchema() throws Exception {
    HttpResponse<String> schedule = send("GET", "/1/maintenance/schedule", "", "");
    String campaign = (String) demo.list("/1/campaigns").get(0).get("id");
    List<String[]> changes =
        List.of(
            new String[] {"POST", "/1/pause", "/1/pause", ""},
            new String[] {"POST", "/1/notify/test", "/1/notify/test", ""},
            new String[] {"POST", "/1/resume", "/1/resume", ""},
            new String[] {
              "POST",
              "/1/nodes/{node}/reboot",
              "/1/nodes/node7/reboot",
              "{\"key\": \"beta\", \"reason\": \"described\", \"evacuate\": false}"
            },
            new String[] {
              "DELETE", "/1/nodes/{node}/reboot/{key}", "/1/nodes/node7/reboot/beta", ""
            },
            new String[] {
              "POST", "/1/maintenance/schedule", "/1/maintenance/schedule", schedule.body()
            },
            new String[] {
              "POST", "/1/campaigns/{id}/pause", "/1/campaigns/" + campaign + "/pause", ""
            },
            new String[] {
              "POST", "/1/sim/load", "/1/sim/load", "{\"node\": \"node2\", \"cpu\": 1}"
            });
    for (String[] c : changes) {
      HttpResponse<String> answer = send(c[0], c[2], c[3], ADMIN);
      assertTrue(answer.statusCode() < 500, c[2] + ": " + answer.body());
      answersAsDocumented(c[0], c[1], c[3], answer);
    }
  }

  /**
   * {@code answer} has a status the document gives {@code method pattern}, and the body of its
   * schema; a body the daemon took fits the request's schema, and each bad body sent here (400)
   * does not.
   */
  private static void answersAsDocumented(
      String method, String pattern, String sent, HttpResponse<String> answer) throws Exception {
    String what =
        method
            + " "
            + pattern
            + " "
            + sent
            + " answered "
            + answer.statusCode()
            + ": "
            + answer.body();
    assertTrue(document.documents(method, pattern, answer.statusCode()), what);
    assertEquals(
        List.of(),
        document.problems(
            document.answerSchema(method, pattern, answer.statusCode()).orElseThrow(),
            Json.parse(answer.body())),
        what);
    int status = answer.statusCode();
    if (!sent.isEmpty()
        && (status / 100 == 2 || status == 400)
        && document.requestSchema(method, pattern).isPresent()) {
      List<String> bodyProblems =
          document.problems(document.requestSchema(method, pattern).get(), Json.parse(sent));
      assertEquals(status == 400, !bodyProblems.isEmpty(), what + " " + bodyProblems);
    }
  }

  @Test
  void theCurlExamplesOfTheHttpApiDocRunAndAnswerTheFieldsItShows() throws Exception {
    DocExamples doc = DocExamples.of(Files.readString(DemoProcess.TOP.resolve("docs/http-api.md")));
    assertTrue(doc.examples().size() >= 8, "curl examples: " + doc.examples());
    for (DocExamples.Example example : doc.examples()) {
      DemoProcess.Result r = demo.run(example.command() + " -w '\\n%{http_code}'", SHORT);
      assertEquals(0, r.exit(), example.command() + ": " + r.all());
      String body = r.out().substring(0, r.out().lastIndexOf('\n'));
      String status = r.out().substring(r.out().lastIndexOf('\n') + 1);
      assertTrue(status.startsWith("2"), example.command() + " answered " + status + ": " + body);
      if (example.shown().isPresent()) {
        assertEquals(
            List.of(),
            DocExamples.missing(example.shown().get(), Json.parse(body), "$"),
            example.command() + " lacks fields the document shows; it answered " + body);
      }
    }
  }

  private static HttpResponse<String> send(String method, String path, String body, String auth)
      throws Exception {
    HttpRequest.Builder b =
        HttpRequest.newBuilder(uri(path))
            .method(
                method,
                method.equals("GET")
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (!auth.isEmpty()) {
      b.header("Authorization", basic(auth));
    }
    return send(b);
  }

  private static HttpResponse<String> send(HttpRequest.Builder b) throws Exception {
    return http.send(
        b.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
  }

  private static URI uri(String path) {
    return URI.create("http://127.0.0.1:" + demo.apiPort + path);
  }

  private static String basic(String userAndPassword) {
    return "Basic "
        + Base64.getEncoder().encodeToString(userAndPassword.getBytes(StandardCharsets.UTF_8));
  }
}
