package org.maintd.daemon.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.daemon.testing.ApiDocument;

/**
 * How the checks of live answers read a schema of the document: each way an answer can differ from
 * what is documented is found, and named by its place. Costs milliseconds.
 */
class ApiDocumentCheckTest {
  private static final String DOCUMENT =
      """
      {"openapi": "3.1.0", "paths": {}, "components": {"schemas": {
        "Thing": {"type": "object", "additionalProperties": false, "required": ["name", "at"],
          "properties": {"name": {"type": "string"}, "at": {"type": ["number", "null"]},
            "count": {"type": "integer"}, "mode": {"type": "string", "enum": ["UP", "DOWN"]},
            "tags": {"type": "array", "items": {"type": "string"}},
            "op": {"oneOf": [
              {"type": "object", "additionalProperties": false, "required": ["op"],
               "properties": {"op": {"const": "a"}}},
              {"type": "object", "additionalProperties": false, "required": ["op", "n"],
               "properties": {"op": {"const": "b"}, "n": {"type": "integer"}}}]},
            "inner": {"$ref": "#/components/schemas/Inner"},
            "either": {"anyOf": [{"type": "integer"}, {"type": "boolean"}]},
            "all": {"allOf": [{"$ref": "#/components/schemas/Open"}, {"required": ["x"]}]}}},
        "Open": {"type": "object", "additionalProperties": false,
          "properties": {"x": {"type": "boolean"}}},
        "Inner": {"type": "object", "additionalProperties": false, "required": ["x"],
          "properties": {"x": {"type": "boolean"}}}}}}
      """;

  private final ApiDocument document = ApiDocument.parse(DOCUMENT);

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "{\"name\": \"n\", \"at\": 1.5} | ''",
        "{\"name\": \"n\", \"at\": null, \"count\": 3, \"mode\": \"UP\", \"tags\": [\"t\"]} | ''",
        "{\"name\": \"n\", \"at\": 1, \"op\": {\"op\": \"b\", \"n\": 2}} | ''",
        "{\"name\": \"n\", \"at\": 1, \"inner\": {\"x\": true}} | ''",
        "{\"at\": 1} | $: lacks the required field 'name'",
        "{\"name\": \"n\", \"at\": 1, \"extra\": 0} | $: has the undocumented field 'extra'",
        "{\"name\": 5, \"at\": 1} | $.name: 5 is not of the type string",
        "{\"name\": null, \"at\": 1} | $.name: null is not of the type string",
        "{\"name\": \"n\", \"at\": \"1\"} | $.at: \"1\" is not of the type [number, null]",
        "{\"name\": \"n\", \"at\": 1, \"count\": 1.5} | $.count: 1.5 is not of the type integer",
        "{\"name\": \"n\", \"at\": 1, \"mode\": \"DRAIN\"} | $.mode: \"DRAIN\" is none of [UP, DOWN]",
        "{\"name\": \"n\", \"at\": 1, \"tags\": [\"a\", 2]} | $.tags[1]: 2 is not of the type string",
        "{\"name\": \"n\", \"at\": 1, \"inner\": {\"x\": true, \"y\": 1}} | $.inner: has the undocumented field 'y'",
        "{\"name\": \"n\", \"at\": 1, \"op\": {\"op\": \"c\"}} | $.op: {\"op\":\"c\"} fits 0 of its 2 cases (oneOf), not one",
        "[] | $: [] is not of the type object",
        "{\"name\": \"n\", \"at\": 1, \"either\": true, \"all\": {\"x\": false}} | ''",
        "{\"name\": \"n\", \"at\": 1, \"either\": \"s\"} | $.either: \"s\" fits 0 of its 2 cases (anyOf), not any",
        "{\"name\": \"n\", \"at\": 1, \"all\": {}} | $.all: lacks the required field 'x'",
        "{\"name\": \"n\", \"at\": 1, \"all\": {\"x\": 1}} | $.all.x: 1 is not of the type boolean",
      })
  void findsEachWayAnAnswerDiffersFromItsSchema(String answer, String problem) throws Exception {
    Object value = org.maintd.protocol.json.Json.parse(answer);
    assertEquals(
        problem.isEmpty() ? List.of() : List.of(problem),
        document.problems(java.util.Map.of("$ref", "#/components/schemas/Thing"), value));
  }
}
