package org.maintd.daemon.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.htools.HtoolsReader;
import org.maintd.incident.Incident;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.protocol.api.HealthView;
import org.maintd.protocol.api.NodeView;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.signing.HmacKey;
import org.maintd.reboot.RebootAsk;
import org.maintd.reboot.RebootMode;
import org.maintd.reboot.RebootRequest;
import org.maintd.reboot.Reboots;
import org.maintd.round.PlanSnapshot;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;

/**
 * The list reads over HTTP: {@code /1/nodes}, {@code /1/status}, {@code /1/reboots} and {@code
 * /1/jobs} filtered, cut into pages linked by {@code Link: rel="next"}, with the fields asked for;
 * unfiltered as they always answered; a bad query a 400 naming what was wrong.
 */
class ListReadsTest {
  private static final Instant NOW = Instant.parse("2026-11-29T10:00:00Z");
  private static final String CLUSTER =
      String.join(
              "\n",
              "default|g1|preferred||",
              "rack2|g2|preferred||",
              "",
              "n01|16384|1024|15360|200000|200000|8|M|g1|1||N|0|8|1.0",
              "n02|16384|1024|15360|200000|200000|8|N|g1|1||N|0|8|1.0",
              "n03|16384|1024|15360|200000|200000|8|N|g1|1||N|0|8|1.0",
              "n04|16384|1024|15360|200000|200000|8|Y|g1|1||N|0|8|1.0",
              "m1.example.com|16384|1024|15360|200000|200000|8|N|g2|1||N|0|8|1.0",
              "m2.example.com|16384|1024|15360|200000|200000|8|Y|g2|1||N|0|8|1.0",
              "m3.example.com|16384|1024|15360|200000|200000|8|N|g2|1||N|0|8|1.0",
              "",
              "web1|1024|10000|1|running|Y|n02|n03|drbd||1|-|N",
              "",
              "",
              "")
          + "\n";

  @TempDir Path tmp;
  private final HttpClient http = HttpClient.newHttpClient();
  private DaemonView view;
  private Server server;

  @BeforeEach
  void start() throws Exception {
    MaintdState state =
        MaintdState.initial(NOW)
            .withIncidents(List.of(incident(1, "n02"), incident(2, "m1.example.com")))
            .withJobs(List.of("17", "18", "19"), List.of(intent("17"), intent("18"), intent("19")))
            .withReboots(
                Reboots.empty()
                    .add(reboot("r1", "n03", "team:disk"))
                    .add(reboot("r2", "m3.example.com", "kernel")));
    view =
        new DaemonView(
            state, new HtoolsReader().read(CLUSTER, "t"), Map.of(), PlanSnapshot.none(), "");
    server =
        TestApiServer.start(
            new ApiRoutes.Sources(
                () -> view,
                TestApiServer.answering(c -> null),
                () ->
                    new HealthView(
                        "RUNNING", true, "", "n01", null, "", List.of(), List.of(), List.of()),
                () -> "",
                memory -> Optional.empty()),
            new HmacKey("k".getBytes(StandardCharsets.UTF_8)),
            tmp.resolve("users"),
            new ApiServer.Limits(Duration.ofSeconds(10), 65536));
  }

  private static Incident incident(int k, String node) {
    return Incident.noted(
        new UUID(1, k),
        node,
        new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate")),
        NOW);
  }

  private static Intent intent(String id) {
    return new Intent(
        new JobSpec(
            "k-" + id,
            "",
            List.of(Operation.SetNodeFlags.drain("n0" + id.charAt(1))),
            ReasonTrail.of("drain", "k-" + id, 1L)),
        id);
  }

  private static RebootRequest reboot(String id, String node, String key) {
    return RebootRequest.accepted(
        id, new RebootAsk(node, RebootMode.SOFT, Optional.of(key), "", false, false, "alice"), NOW);
  }

  @AfterEach
  void stop() throws Exception {
    server.stop();
  }

  private HttpResponse<String> get(String path) throws Exception {
    int port = ((ServerConnector) server.getConnectors()[0]).getLocalPort();
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private List<String> values(String path, String field) throws Exception {
    HttpResponse<String> r = get(path);
    assertEquals(200, r.statusCode(), r.body());
    List<String> out = new ArrayList<>();
    Json.MAPPER.readTree(r.body()).forEach(n -> out.add(n.get(field).asText()));
    return out;
  }

  @Test
  void withoutAQueryTheNodesAnswerAsTheyAlwaysDid() throws Exception {
    assertEquals(
        Json.write(NodeView.of(view.cluster(), view.readings(), view.state(), view.plan())) + "\n",
        get("/1/nodes").body());
    assertEquals("[17,18,19]\n", get("/1/jobs").body());
    assertEquals("[18]\n", get("/1/jobs?after=17&limit=1").body());
    assertEquals(2, Json.MAPPER.readTree(get("/1/status").body()).size());
  }

  @ParameterizedTest(name = "{0} lists {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/1/nodes?group=rack2|name|m1.example.com m2.example.com m3.example.com",
        "/1/nodes?group=RACK2&mode=down|name|m2.example.com",
        "/1/nodes?mode=UP&name=n0*|name|n01 n02 n03",
        "/1/nodes?name=m1|name|m1.example.com",
        "/1/nodes?name=m1.example.com|name|m1.example.com",
        "/1/nodes?name=zz*|name|''",
        "/1/nodes?limit=2&after=n03|name|n04 m1.example.com",
        "/1/status?group=rack2|node|m1.example.com",
        "/1/status?name=n02&status=noted|node|n02",
        "/1/status?status=completed|node|''",
        "/1/reboots?key=team:disk|node|n03",
        "/1/reboots?group=rack2|id|r2",
        "/1/reboots?name=m3*&limit=1|key|kernel",
      })
  void aFilteredListHasOnlyWhatPassesEveryFilter(String path, String field, String expected)
      throws Exception {
    assertEquals(expected, String.join(" ", values(path, field)));
  }

  @Test
  void aPageLinksTheNextOneAndTheLinksWalkTheWholeList() throws Exception {
    List<String> seen = new ArrayList<>();
    String next = "/1/nodes?mode=up&limit=2&fields=name,mode";
    int pages = 0;
    while (next != null) {
      HttpResponse<String> r = get(next);
      Json.MAPPER.readTree(r.body()).forEach(n -> seen.add(n.get("name").asText()));
      pages++;
      next = r.headers().firstValue("Link").map(l -> l.substring(1, l.indexOf('>'))).orElse(null);
      if (pages == 1) {
        assertEquals(
            "</1/nodes?mode=up&limit=2&fields=name,mode&after=n02>; rel=\"next\"",
            r.headers().firstValue("Link").orElseThrow());
      }
    }
    assertEquals(List.of("n01", "n02", "n03", "m1.example.com", "m3.example.com"), seen);
    assertEquals(3, pages);
  }

  @Test
  void theFieldsAskedForAreTheOnlyOnesEachItemShows() throws Exception {
    JsonNode nodes = Json.MAPPER.readTree(get("/1/nodes?group=rack2&fields=name,mode").body());
    assertEquals(
        "[{\"name\":\"m1.example.com\",\"mode\":\"UP\"},"
            + "{\"name\":\"m2.example.com\",\"mode\":\"DOWN\"},"
            + "{\"name\":\"m3.example.com\",\"mode\":\"UP\"}]",
        nodes.toString());
    JsonNode incidents = Json.MAPPER.readTree(get("/1/status?fields=repair-status,node").body());
    assertEquals("{\"repair-status\":\"noted\",\"node\":\"n02\"}", incidents.get(0).toString());
  }

  @ParameterizedTest(name = "{0} is refused: {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "/1/nodes?mode=sideways|400|filter 'mode': a mode is UP, DRAIN or DOWN, not 'sideways'",
        "/1/nodes?colour=red|400|unknown parameter 'colour': nodes take group, mode, name, fields",
        "/1/nodes?fields=name,size|400|nodes have no field 'size'",
        "/1/nodes?limit=0|400|limit: a whole number from 1 to 100000, not '0'",
        "/1/nodes?after=n99|404|after: 'n99' is not among the nodes (any more)",
        "/1/status?status=sleepy|400|filter 'status': unknown repair-status 'sleepy'",
        "/1/status?mode=DOWN|400|unknown parameter 'mode': incidents take group, name, status",
        "/1/jobs?fields=id|400|jobs have no fields to choose",
        "/1/reboots?key=a&key=b|400|parameter 'key' given more than once",
      })
  void aBadQueryIsAnsweredWithWhatWasWrong(String path, int status, String message)
      throws Exception {
    HttpResponse<String> r = get(path);
    assertEquals(status, r.statusCode(), r.body());
    JsonNode error = Json.MAPPER.readTree(r.body());
    assertTrue(error.get("message").asText().contains(message), r.body());
  }
}
