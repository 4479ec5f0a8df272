package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.http.OpenApiRoutes;
import org.maintd.daemon.testing.ApiDocument;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.json.Json;

/**
 * The daemon with the sim backend describes the API it serves: the operations of its OpenAPI
 * document are the routes its router has, no more and no fewer (a route added without its
 * description is named here), and it serves the document and its reader from its jar. Costs a
 * daemon's start, about 3 s.
 */
class ApiDescribedEndToEndTest {
  @TempDir Path tmp;

  @AutoClose private TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp).startDaemon();
  }

  @Test
  void theDocumentDescribesEveryRouteTheDaemonServesAndNoOther() throws Exception {
    Set<String> served = new TreeSet<>();
    cluster.daemon().endpoints().forEach(e -> served.add(e.method() + " " + e.pattern()));
    Set<String> documented = document().operations();
    Set<String> undocumented = new TreeSet<>(served);
    undocumented.removeAll(documented);
    Set<String> notServed = new TreeSet<>(documented);
    notServed.removeAll(served);
    assertEquals(Set.of(), undocumented, "routes the OpenAPI document does not describe");
    assertEquals(Set.of(), notServed, "operations described that the daemon does not serve");
    assertTrue(served.contains("DELETE /1/nodes/{node}/reboot/{key}"), served.toString());
  }

  @Test
  void servesItsOpenApiDocumentAndAReaderOfItFromItsJar() throws Exception {
    HttpResponse<String> served = cluster.getRaw("/1/openapi.json");
    assertEquals(200, served.statusCode());
    assertEquals("application/json", served.headers().firstValue("Content-Type").orElseThrow());
    assertEquals(Json.parse(OpenApiRoutes.document()), Json.parse(served.body()));

    HttpResponse<String> page = cluster.getRaw("/ui/api");
    assertEquals(200, page.statusCode());
    assertTrue(page.headers().firstValue("Content-Type").orElseThrow().startsWith("text/html"));
    for (String file : List.of("swagger-ui.css", "swagger-ui-bundle.js", "reader.js")) {
      assertTrue(page.body().contains("\"/ui/api/" + file + "\""), page.body());
      HttpResponse<String> asset = cluster.getRaw("/ui/api/" + file);
      assertEquals(200, asset.statusCode(), file);
      assertTrue(asset.body().length() > 100, file + ": " + asset.body());
    }
    assertTrue(cluster.getRaw("/ui/api/reader.js").body().contains("url: \"/1/openapi.json\""));
    assertTrue(cluster.getRaw("/ui/api/reader.js").body().contains("validatorUrl: null"));

    HttpResponse<String> missing = cluster.getRaw("/ui/api/swagger-ui.js.map");
    assertEquals(404, missing.statusCode());
    assertEquals(
        List.of(),
        document()
            .problems(
                document().answerSchema("GET", "/ui/api/{file}", 404).orElseThrow(),
                Json.parse(missing.body())));
  }

  private ApiDocument document() throws Exception {
    return ApiDocument.parse(cluster.getRaw("/1/openapi.json").body());
  }
}
