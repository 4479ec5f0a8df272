package org.maintd.daemon.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.maintd.protocol.json.Json;

/**
 * The API's OpenAPI document as a test reads it: its operations ({@code GET
 * /1/nodes/{node}/reboot}, ...), the schema of each answer it documents, and whether a JSON value
 * fits a schema: every required field there, no field an object with {@code additionalProperties:
 * false} does not name, each value of its type (a list of types with {@code "null"} for one that
 * may be null), its {@code enum} or {@code const}, exactly one of a {@code oneOf}. What it does not
 * know of JSON Schema it does not check. Immutable; thread-safe.
 */
public final class ApiDocument {
  private static final Set<String> METHODS = Set.of("get", "post", "delete", "put", "patch");

  private final Map<String, Object> root;

  private ApiDocument(Map<String, Object> root) {
    this.root = root;
  }

  /** The document as JSON text. */
  @SuppressWarnings("unchecked")
  public static ApiDocument parse(String json) {
    try {
      return new ApiDocument((Map<String, Object>) Json.parse(json));
    } catch (java.io.IOException e) {
      throw new AssertionError("the OpenAPI document is not JSON: " + e.getMessage(), e);
    }
  }

  public Map<String, Object> root() {
    return root;
  }

  /** Every operation it describes, as {@code METHOD /path/{param}}, sorted. */
  public Set<String> operations() {
    Set<String> all = new TreeSet<>();
    paths()
        .forEach(
            (path, item) ->
                map(item).keySet().stream()
                    .filter(METHODS::contains)
                    .forEach(m -> all.add(m.toUpperCase(java.util.Locale.ROOT) + " " + path)));
    return all;
  }

  /**
   * The path of the document that {@code path} (as sent, its query ignored) is one of: {@code
   * /1/nodes/{node}/reboot} for {@code /1/nodes/node6/reboot}.
   */
  public String pattern(String path) {
    String[] sent = path.replaceFirst("\\?.*$", "").split("/", -1);
    return paths().keySet().stream()
        .filter(p -> matches(p.split("/", -1), sent))
        .findFirst()
        .orElseThrow(() -> new AssertionError("the document describes no path " + path));
  }

  private static boolean matches(String[] pattern, String[] sent) {
    if (pattern.length != sent.length) {
      return false;
    }
    for (int i = 0; i < pattern.length; i++) {
      if (!pattern[i].equals(sent[i]) && !(pattern[i].startsWith("{") && !sent[i].isEmpty())) {
        return false;
      }
    }
    return true;
  }

  /** The operation object of {@code method} on {@code path} (a pattern as the document has it). */
  public Map<String, Object> operation(String method, String path) {
    Object op = map(paths().get(path)).get(method.toLowerCase(java.util.Locale.ROOT));
    if (op == null) {
      throw new AssertionError("the document has no " + method + " " + path);
    }
    return map(op);
  }

  /**
   * The JSON schema of the answer {@code status} to {@code method path}; empty when undocumented.
   */
  public Optional<Object> answerSchema(String method, String path, int status) {
    Object answer = map(operation(method, path).get("responses")).get(Integer.toString(status));
    if (answer == null) {
      return Optional.empty();
    }
    Object content = map(resolve(answer)).get("content");
    if (content == null) {
      return Optional.empty();
    }
    Object json = map(content).get("application/json");
    return json == null ? Optional.empty() : Optional.ofNullable(map(json).get("schema"));
  }

  /** The JSON schema of the body {@code method path} takes; empty when it takes none. */
  public Optional<Object> requestSchema(String method, String path) {
    Object body = operation(method, path).get("requestBody");
    if (body == null) {
      return Optional.empty();
    }
    Object json = map(map(resolve(body)).get("content")).get("application/json");
    return json == null ? Optional.empty() : Optional.ofNullable(map(json).get("schema"));
  }

  /** Whether {@code method path} documents the answer {@code status}. */
  public boolean documents(String method, String path, int status) {
    return map(operation(method, path).get("responses")).containsKey(Integer.toString(status));
  }

  /** What is wrong with {@code value} as {@code schema} describes it, each named by its place. */
  public List<String> problems(Object schema, Object value) {
    List<String> out = new ArrayList<>();
    check(schema, value, "$", out);
    return out;
  }

  private void check(Object schemaOrRef, Object value, String at, List<String> out) {
    Map<String, Object> s = map(resolve(schemaOrRef));
    if (s.containsKey("oneOf") || s.containsKey("anyOf")) {
      someOf(s, value, at, out);
      return;
    }
    for (Object part : (List<?>) s.getOrDefault("allOf", List.of())) {
      check(part, value, at, out);
    }
    if (s.containsKey("type") && !JsonTypes.fits(s.get("type"), value)) {
      out.add(at + ": " + JsonTypes.shown(value) + " is not of the type " + s.get("type"));
      return;
    }
    if (s.containsKey("const") && !equal(s.get("const"), value)) {
      out.add(at + ": " + JsonTypes.shown(value) + " is not " + s.get("const"));
    }
    if (s.containsKey("enum")
        && ((List<?>) s.get("enum")).stream().noneMatch(e -> equal(e, value))) {
      out.add(at + ": " + JsonTypes.shown(value) + " is none of " + s.get("enum"));
    }
    if (value instanceof Map<?, ?> object) {
      fields(s, object, at, out);
    }
    if (value instanceof List<?> list && s.containsKey("items")) {
      for (int i = 0; i < list.size(); i++) {
        check(s.get("items"), list.get(i), at + "[" + i + "]", out);
      }
    }
  }

  /** {@code oneOf}: exactly one of its cases fits; {@code anyOf}: at least one. */
  private void someOf(Map<String, Object> s, Object value, String at, List<String> out) {
    boolean one = s.containsKey("oneOf");
    List<?> cases = (List<?>) s.get(one ? "oneOf" : "anyOf");
    long fitting = cases.stream().filter(c -> problems(c, value).isEmpty()).count();
    if (one ? fitting != 1 : fitting == 0) {
      out.add(
          at
              + ": "
              + JsonTypes.shown(value)
              + " fits "
              + fitting
              + " of its "
              + cases.size()
              + " cases ("
              + (one ? "oneOf), not one" : "anyOf), not any"));
    }
  }

  private void fields(Map<String, Object> s, Map<?, ?> object, String at, List<String> out) {
    Map<String, Object> properties =
        s.containsKey("properties") ? map(s.get("properties")) : Map.of();
    for (Object required : (List<?>) s.getOrDefault("required", List.of())) {
      if (!object.containsKey(required)) {
        out.add(at + ": lacks the required field '" + required + "'");
      }
    }
    for (Map.Entry<?, ?> field : object.entrySet()) {
      String name = field.getKey().toString();
      if (properties.containsKey(name)) {
        check(properties.get(name), field.getValue(), at + "." + name, out);
      } else if (Boolean.FALSE.equals(s.get("additionalProperties"))) {
        out.add(at + ": has the undocumented field '" + name + "'");
      }
    }
  }

  /** {@code schema}, or what its {@code $ref} (within this document) names. */
  public Object resolve(Object schema) {
    Object s = schema;
    while (s instanceof Map<?, ?> m && m.get("$ref") instanceof String ref) {
      Object at = root;
      for (String part : ref.substring(2).split("/")) {
        at = map(at).get(part);
      }
      if (at == null) {
        throw new AssertionError("the document refers to " + ref + ", which it lacks");
      }
      s = at;
    }
    return s;
  }

  private static boolean equal(Object documented, Object value) {
    if (documented instanceof Number a && value instanceof Number b) {
      return a.doubleValue() == b.doubleValue();
    }
    return java.util.Objects.equals(documented, value);
  }

  private Map<String, Object> paths() {
    return map(root.get("paths"));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> map(Object o) {
    if (!(o instanceof Map)) {
      throw new AssertionError("expected an object in the document, found " + o);
    }
    return (Map<String, Object>) o;
  }
}
