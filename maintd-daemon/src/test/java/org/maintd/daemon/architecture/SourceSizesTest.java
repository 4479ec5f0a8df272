package org.maintd.daemon.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every main source file of every module within the house's bounds: at most 400 lines (300 in the
 * daemon), and no method or constructor over 60 lines. The bounds are proved by files planted here
 * that go one line over them, and that stay within them at the bound itself.
 */
class SourceSizesTest {
  /** The project's top: the daemon's tests run in the daemon's module. */
  private static final Path TOP = Path.of("..").toAbsolutePath().normalize();

  private final SourceSizes sizes = new SourceSizes();

  @Test
  void everyMainFileOfEveryModuleIsWithinTheBounds() throws IOException {
    List<Path> files = mainSources();
    assertTrue(
        files.size() > 500, "the main sources were found under " + TOP + ": " + files.size());
    List<String> over = new ArrayList<>();
    for (Path file : files) {
      String name = TOP.relativize(file).toString();
      int bound =
          name.startsWith("maintd-daemon/")
              ? SourceSizes.DAEMON_FILE_LINES
              : SourceSizes.FILE_LINES;
      over.addAll(sizes.overBounds(name, Files.readString(file), bound));
    }
    assertEquals(List.of(), over, "split these along what they do");
  }

  @Test
  void aFileOneLineOverItsBoundIsNamedAndOneAtItIsNot() {
    assertEquals(List.of(), sizes.overBounds("At.java", classOfLines(300, 10), 300));
    assertEquals(
        List.of("Over.java: 301 lines (at most 300)"),
        sizes.overBounds("Over.java", classOfLines(301, 10), 300));
  }

  @Test
  void aMethodOneLineOverSixtyIsNamedWithItsLineAndOneOfSixtyIsNot() {
    assertEquals(List.of(), sizes.overBounds("At.java", classOfLines(80, 60), 400));
    assertEquals(
        List.of("Over.java:2 body: 61 lines (at most 60)"),
        sizes.overBounds("Over.java", classOfLines(80, 61), 400));
  }

  @Test
  void aConstructorCountsAsAMethod() {
    String source = "class Big {\n  Big() {\n" + "    int a = 0;\n".repeat(59) + "  }\n}\n";
    assertEquals(
        List.of("Big.java:2 Big: 61 lines (at most 60)"),
        sizes.overBounds("Big.java", source, 400));
  }

  @Test
  void aFileThatDoesNotParseIsAnErrorNamingIt() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> sizes.overBounds("Broken.java", "class Broken { void x( }", 400));
    assertTrue(e.getMessage().startsWith("Broken.java does not parse"), e.getMessage());
  }

  /**
   * A class of {@code lines} lines in all whose one method, starting on its second line, has {@code
   * methodLines} lines from its signature to its closing brace.
   */
  private static String classOfLines(int lines, int methodLines) {
    StringBuilder s = new StringBuilder("class C {\n  void body() {\n");
    s.append("    int a = 0;\n".repeat(methodLines - 2));
    s.append("  }\n");
    s.append("\n".repeat(lines - methodLines - 2));
    s.append("}\n");
    return s.toString();
  }

  private static List<Path> mainSources() throws IOException {
    try (Stream<Path> modules = Files.list(TOP)) {
      return modules
          .filter(m -> m.getFileName().toString().startsWith("maintd-"))
          .map(m -> m.resolve("src/main/java"))
          .filter(Files::isDirectory)
          .flatMap(SourceSizesTest::javaFiles)
          .sorted()
          .collect(Collectors.toList());
    }
  }

  private static Stream<Path> javaFiles(Path root) {
    try (Stream<Path> walk = Files.walk(root)) {
      return walk.filter(f -> f.toString().endsWith(".java")).toList().stream();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + root, e);
    }
  }
}
