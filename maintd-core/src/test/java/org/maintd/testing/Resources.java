package org.maintd.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** Test resources: text, parsed JSON, and the list of a resource folder's files. */
public final class Resources {
  private Resources() {}

  public static String text(String name) {
    try (InputStream in = Resources.class.getResourceAsStream("/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no test resource " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static Object json(String name) {
    return parseJson(text(name));
  }

  /** {@code text} parsed as JSON into maps, lists, strings, numbers, booleans and null. */
  public static Object parseJson(String text) {
    try {
      return new com.fasterxml.jackson.databind.ObjectMapper().readValue(text, Object.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static List<String> files(String folder, String suffix) {
    try (Stream<Path> s = Files.list(Path.of(Resources.class.getResource("/" + folder).toURI()))) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(suffix))
          .sorted()
          .toList();
    } catch (IOException | URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
