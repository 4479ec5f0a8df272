package org.maintd.daemon.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.daemon.testing.ApiDocument;
import org.maintd.daemon.testing.DocExamples;

/**
 * The API's OpenAPI document as the daemon serves it: valid OpenAPI 3.1 as swagger-parser reads it,
 * every object it describes closed to fields it does not name, every change authenticated and no
 * read, each answer's fields those of the record the daemon writes, the JSON examples of {@code
 * docs/http-api.md} of the shapes it describes, and no value of its YAML source lost to YAML's flow
 * syntax. Costs about a second.
 */
class OpenApiDocumentTest {
  private final String json = OpenApiRoutes.document();
  private final ApiDocument document = ApiDocument.parse(json);

  @Test
  void isValidOpenApi31AsSwaggerParserReadsIt() {
    ParseOptions options = new ParseOptions();
    options.setResolve(true);
    SwaggerParseResult result = new OpenAPIParser().readContents(json, null, options);
    assertEquals(List.of(), result.getMessages(), "swagger-parser's complaints");
    assertEquals("3.1.0", result.getOpenAPI().getOpenapi());
    assertTrue(result.getOpenAPI().getPaths().size() > 30, "the paths: " + result.getOpenAPI());
  }

  @Test
  void everyObjectItDescribesNamesItsFieldsAndRefusesOthers() {
    List<String> open = new ArrayList<>();
    walk(document.root().get("components"), "components", open);
    walk(document.root().get("paths"), "paths", open);
    assertEquals(
        List.of(), open, "objects with properties but without additionalProperties: false");
  }

  @Test
  void everyChangeIsAuthenticatedByBasicAuthOrTheClusterKeyAndNoReadIs() {
    List<Object> ways =
        List.of(
            Map.of("basic", List.of()),
            Map.of("salt", List.of(), "nonce", List.of(), "hmac", List.of()));
    for (String op : document.operations()) {
      String[] mp = op.split(" ", 2);
      Map<String, Object> operation = document.operation(mp[0], mp[1]);
      if (mp[0].equals("GET")) {
        assertEquals(null, operation.get("security"), op + " needs no authentication");
      } else {
        assertEquals(ways, operation.get("security"), op);
        for (int status : List.of(401, 403, 503)) {
          assertTrue(document.documents(mp[0], mp[1], status), op + " documents " + status);
        }
      }
    }
  }

  @Test
  void everyErrorItDocumentsIsTheApisErrorObjectAndEveryOperationSaysSoOfTheOthers() {
    for (String op : document.operations()) {
      String[] mp = op.split(" ", 2);
      Map<?, ?> responses = (Map<?, ?>) document.operation(mp[0], mp[1]).get("responses");
      assertTrue(responses.containsKey("default"), op + " says what its other errors are");
      responses.forEach(
          (status, answer) -> {
            if (status.toString().matches("[23]..") || op.equals("GET /1/health")) {
              return;
            }
            Map<?, ?> content = (Map<?, ?>) ((Map<?, ?>) document.resolve(answer)).get("content");
            Object schema = ((Map<?, ?>) content.get("application/json")).get("schema");
            assertEquals(Map.of("$ref", "#/components/schemas/Error"), schema, op + " " + status);
          });
    }
  }

  @ParameterizedTest(name = "{0} is {1}")
  @CsvSource({
    "NodeFields, org.maintd.protocol.api.NodeView",
    "IncidentFields, org.maintd.protocol.api.IncidentView",
    "RebootRequestFields, org.maintd.protocol.api.RebootView",
    "NodeReboots, org.maintd.protocol.api.RebootView$NodeReboots",
    "Campaign, org.maintd.protocol.api.CampaignView",
    "CampaignRequest, org.maintd.protocol.api.CampaignRequest",
    "Health, org.maintd.protocol.api.HealthView",
    "Paused, org.maintd.protocol.api.PausedView",
    "Plan, org.maintd.protocol.api.PlanView",
    "Instance, org.maintd.protocol.api.InstanceView",
    "MaintenanceStatus, org.maintd.protocol.api.MaintenanceStatusView",
    "Schedule, org.maintd.protocol.api.ScheduleBody",
    "Window, org.maintd.protocol.api.ScheduleBody$WindowBody",
    "SchedulePosted, org.maintd.protocol.api.SchedulePostedView",
    "Acknowledged, org.maintd.protocol.api.AckView",
    "BroughtUp, org.maintd.protocol.api.BroughtUpView",
    "TakenDown, org.maintd.protocol.api.TakenDownView",
    "MachineId, org.maintd.protocol.api.MachineId",
    "RebootRequestBody, org.maintd.protocol.api.RebootBody",
    "NotifyTest, org.maintd.protocol.api.NotifyTestView",
    "NotifyTest/properties/receivers/items, org.maintd.protocol.api.NotifyTestView$Receiver",
    "SimJob, org.maintd.protocol.sim.SimJobView",
    "SimDiagnosed, org.maintd.protocol.sim.SimDiagnosed",
    "SimFail, org.maintd.protocol.sim.SimFail",
    "SimLoad, org.maintd.protocol.sim.SimLoad",
    "SimPoweredOn, org.maintd.protocol.sim.SimPowerOn",
    "SimInstance, org.maintd.protocol.sim.SimInstance",
    "SimNode, org.maintd.protocol.sim.SimNode",
    "Rehearsal, org.maintd.protocol.api.RehearsalView",
    "Rehearsal/properties/scores/items, org.maintd.protocol.api.RehearsalView$Score",
    "Rehearsal/properties/snapshot, org.maintd.protocol.api.RehearsalView$Snapshot",
  })
  void eachSchemaOfAnAnswerNamesTheFieldsOfTheRecordTheDaemonWrites(String schema, String record)
      throws Exception {
    assertEquals(
        new TreeSet<>(Listing.fieldsOf(Class.forName(record))),
        new TreeSet<>(properties(schema).keySet()),
        schema + " against " + record);
  }

  @ParameterizedTest(name = "{0} is {1}")
  @CsvSource({
    "/components/schemas/IncidentFields/properties/repair-status, org.maintd.incident.IncidentStatus",
    "/components/schemas/NodeFields/properties/mode, org.maintd.machine.MachineMode",
    "/components/schemas/NodeFields/properties/reboot/properties/phase, org.maintd.reboot.CyclePhase",
    "/components/schemas/NodeReboots/properties/phase, org.maintd.reboot.CyclePhase",
    "/components/schemas/RebootRequestFields/properties/status, org.maintd.reboot.RequestStatus",
    "/components/schemas/Campaign/properties/status, org.maintd.campaign.CampaignStatus",
    "/components/schemas/Campaign/properties/nodes/items/properties/phase,"
        + " org.maintd.campaign.NodePhase",
  })
  void eachEnumItDocumentsHasTheValuesTheDaemonWrites(String pointer, String type)
      throws Exception {
    Object at = document.root();
    for (String part : pointer.substring(1).split("/")) {
      at = ((Map<?, ?>) at).get(part);
    }
    // as the daemon writes them: wireName() where the type has one, else the constant's name as
    // it is (MachineMode) or in lower case (CyclePhase)
    Class<?> enumType = Class.forName(type);
    java.util.Optional<java.lang.reflect.Method> wire =
        java.util.Arrays.stream(enumType.getMethods())
            .filter(m -> m.getName().equals("wireName") && m.getParameterCount() == 0)
            .findFirst();
    Set<String> written = new TreeSet<>();
    for (Object constant : enumType.getEnumConstants()) {
      written.add(
          wire.isPresent()
              ? (String) wire.get().invoke(constant)
              : type.endsWith("MachineMode")
                  ? constant.toString()
                  : constant.toString().toLowerCase(java.util.Locale.ROOT));
    }
    assertEquals(written, new TreeSet<Object>((List<?>) ((Map<?, ?>) at).get("enum")), pointer);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({
    "NodeFieldNames, NodeFields",
    "IncidentFieldNames, IncidentFields",
    "RebootFieldNames, RebootRequestFields"
  })
  void theFieldsAListOffersAreTheFieldsOfItsItems(String parameter, String schema) {
    Map<?, ?> p = (Map<?, ?>) ((Map<?, ?>) components("parameters")).get(parameter);
    Object names = ((Map<?, ?>) ((Map<?, ?>) p.get("schema")).get("items")).get("enum");
    assertEquals(List.copyOf(properties(schema).keySet()), names, parameter);
  }

  @Test
  void theNodesOfferTheFieldsTheirListingTakes() {
    assertEquals(
        new TreeSet<>(ListReads.NODES.fields()), new TreeSet<>(properties("NodeFields").keySet()));
  }

  private Object components(String kind) {
    return ((Map<?, ?>) document.root().get("components")).get(kind);
  }

  /** The properties of the schema at {@code path} under the components' schemas ({@code A/b/c}). */
  private Map<?, ?> properties(String path) {
    Object s = components("schemas");
    for (String part : path.split("/")) {
      s = ((Map<?, ?>) s).get(part);
      if (s == null) {
        throw new AssertionError("no schema " + path);
      }
    }
    return (Map<?, ?>) ((Map<?, ?>) s).get("properties");
  }

  @Test
  void theJsonExamplesOfTheHttpApiDocFitTheSchemasOfTheReadsTheyShow() throws Exception {
    DocExamples doc =
        DocExamples.of(
            java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "http-api.md")));
    List<String> checked = new ArrayList<>();
    for (DocExamples.Example e : doc.examples()) {
      if (e.shown().isEmpty()) {
        continue;
      }
      Object schema = document.answerSchema("GET", document.pattern(e.path()), 200).orElseThrow();
      Object shown = e.shown().get();
      boolean list = "array".equals(((Map<?, ?>) document.resolve(schema)).get("type"));
      assertEquals(
          List.of(),
          document.problems(schema, list && shown instanceof Map ? List.of(shown) : shown),
          e.command() + " shows " + shown);
      checked.add(e.path());
    }
    assertTrue(checked.size() >= 5, "examples checked: " + checked);
  }

  @Test
  void namesTheLicenceTheSourcesAreUnder() throws Exception {
    String licence =
        java.nio.file.Files.readString(java.nio.file.Path.of("..", "LICENSE"))
            .lines()
            .findFirst()
            .orElseThrow();
    Map<?, ?> info = (Map<?, ?>) document.root().get("info");
    String identifier = (String) ((Map<?, ?>) info.get("license")).get("identifier");
    assertEquals(
        licence.replaceFirst(" License$", "").replace(' ', '-'),
        identifier,
        "the SPDX identifier of the LICENSE's \"" + licence + "\"");
  }

  @Test
  void noKeyOfItsSourceIsLeftWithoutAValue() {
    List<String> empty = new ArrayList<>();
    nulls(document.root(), "", empty);
    assertEquals(List.of(), empty, "keys without a value: a comma or colon in a flow mapping?");
  }

  private static void walk(Object node, String at, List<String> open) {
    if (node instanceof Map<?, ?> m) {
      if (m.containsKey("properties") && !Boolean.FALSE.equals(m.get("additionalProperties"))) {
        open.add(at);
      }
      m.forEach((k, v) -> walk(v, at + "/" + k, open));
    } else if (node instanceof List<?> l) {
      for (int i = 0; i < l.size(); i++) {
        walk(l.get(i), at + "[" + i + "]", open);
      }
    }
  }

  private static void nulls(Object node, String at, List<String> empty) {
    if (node instanceof Map<?, ?> m) {
      m.forEach(
          (k, v) -> {
            if (v == null) {
              empty.add(at + "/" + k);
            }
            nulls(v, at + "/" + k, empty);
          });
    } else if (node instanceof List<?> l) {
      l.forEach(v -> nulls(v, at + "[]", empty));
    }
  }
}
