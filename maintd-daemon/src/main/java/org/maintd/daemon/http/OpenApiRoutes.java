package org.maintd.daemon.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.maintd.http.HttpError;
import org.maintd.http.Router;

/**
 * The API described: {@code GET /1/openapi.json}, the OpenAPI 3.1 document of every endpoint
 * (written as YAML beside this class, turned into JSON once when the routes are made), and its
 * reader at {@code GET /ui/api} (swagger-ui from its webjar, its few files under {@code /ui/api/},
 * nothing fetched from elsewhere). The document and the page are rendered once when the routes are
 * made, each other file on its first request. Thread-safe.
 */
public final class OpenApiRoutes implements RouteSet {
  /** Where the reader is served; its files are one segment below it. */
  private static final String READER = "/ui/api";

  private static final String WEBJAR = "META-INF/resources/webjars/swagger-ui/";
  private static final String JS = "text/javascript; charset=utf-8";

  /** A file of the reader: its content type, and whether it is swagger-ui's or the reader's own. */
  private record ReaderFile(String contentType, boolean swaggerUi) {}

  private static final Map<String, ReaderFile> FILES =
      Map.of(
          "swagger-ui.css", new ReaderFile("text/css; charset=utf-8", true),
          "swagger-ui-bundle.js", new ReaderFile(JS, true),
          "reader.js", new ReaderFile(JS, false));

  private final Rendered document;
  private final Rendered page;
  private final Map<String, Rendered> files = new ConcurrentHashMap<>();

  public OpenApiRoutes() {
    this.document = Rendered.of("application/json", document() + "\n");
    this.page = Rendered.of("text/html; charset=utf-8", text(own("reader.html"), "reader.html"));
  }

  @Override
  public void addTo(Router<ApiAction> r) {
    r.add("GET", "/1/openapi.json", c -> document);
    r.add("GET", READER, c -> page);
    r.add("GET", READER + "/{file}", c -> file(c.param("file")));
  }

  /** The OpenAPI document as JSON, read from its YAML source. */
  public static String document() {
    try (InputStream in = own("openapi.yaml")) {
      JsonNode tree = new ObjectMapper(new YAMLFactory()).readTree(in);
      return new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(tree);
    } catch (IOException e) {
      throw new UncheckedIOException("the API's OpenAPI document cannot be read", e);
    }
  }

  /** A file of the reader, read from the jar on its first request. */
  private Rendered file(String name) {
    ReaderFile file = FILES.get(name);
    if (file == null) {
      throw HttpError.notFound(
          "no file "
              + name
              + " in the API's reader; it has "
              + FILES.keySet().stream().sorted().toList());
    }
    return files.computeIfAbsent(
        name, n -> Rendered.of(file.contentType(), text(file.swaggerUi() ? webjar(n) : own(n), n)));
  }

  private static InputStream own(String name) {
    return resource(OpenApiRoutes.class.getResourceAsStream(name), name);
  }

  private static InputStream webjar(String name) {
    return resource(
        OpenApiRoutes.class.getClassLoader().getResourceAsStream(WEBJAR + version() + "/" + name),
        name);
  }

  /** The version of the swagger-ui webjar on the class path, as its Maven properties say. */
  private static String version() {
    Properties p = new Properties();
    try (InputStream in =
        resource(
            OpenApiRoutes.class
                .getClassLoader()
                .getResourceAsStream("META-INF/maven/org.webjars/swagger-ui/pom.properties"),
            "swagger-ui's pom.properties")) {
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("swagger-ui's version cannot be read", e);
    }
    return p.getProperty("version");
  }

  private static InputStream resource(InputStream in, String name) {
    if (in == null) {
      throw new IllegalStateException("the daemon's jar lacks " + name + " of the API's reader");
    }
    return in;
  }

  private static String text(InputStream in, String name) {
    try (in) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(name + " cannot be read", e);
    }
  }
}
