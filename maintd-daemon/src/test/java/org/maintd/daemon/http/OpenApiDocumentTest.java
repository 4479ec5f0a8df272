package org.maintd.daemon.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.testing.ApiDocument;

/**
 * The API's OpenAPI document as the daemon serves it: valid OpenAPI 3.1 as swagger-parser reads it,
 * every object it describes closed to fields it does not name, every change authenticated and no
 * read, and no value of its YAML source lost to YAML's flow syntax. Costs about a second.
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
  void everyErrorItDocumentsIsTheApisErrorObject() {
    for (String op : document.operations()) {
      String[] mp = op.split(" ", 2);
      for (int status : List.of(400, 401, 403, 404, 409, 412, 413, 503)) {
        if (document.documents(mp[0], mp[1], status) && !op.equals("GET /1/health")) {
          assertEquals(
              "#/components/schemas/Error",
              ((Map<?, ?>) document.answerSchema(mp[0], mp[1], status).orElseThrow()).get("$ref"),
              op + " " + status);
        }
      }
    }
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
