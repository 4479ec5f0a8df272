package org.maintd.daemon.packaging;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The project's Dockerfile copies only what the checkout and the reactor have, and its default
 * target runs the daemon as an operator expects (DockerfileCheck); each rule is proved by a
 * Dockerfile planted here with one thing wrong. Reads the checkout's files, takes well under a
 * second; builds no image.
 */
class DockerfileTest {
  /** The project's top: the daemon's tests run in the daemon's module. */
  private static final Path TOP = Path.of("..").toAbsolutePath().normalize();

  private static String dockerfile;
  private static DockerfileCheck check;

  @BeforeAll
  static void readTheCheckout() throws IOException {
    dockerfile = Files.readString(TOP.resolve("Dockerfile"));
    check =
        new DockerfileCheck(
            ReactorOutputs.of(TOP),
            new DockerIgnore(Files.readString(TOP.resolve(".dockerignore"))),
            path -> Files.exists(TOP.resolve(path)));
  }

  @Test
  void theProjectsDockerfileKeepsEveryRule() {
    assertEquals(List.of(), check.problems(ParsedDockerfile.parse(dockerfile)));
  }

  @Test
  void theReactorsJarsAreThoseItsPomsName() {
    ReactorOutputs reactor = ReactorOutputs.of(TOP);
    assertTrue(reactor.modules().containsAll(List.of("maintd-daemon", "maintd-collector")));
    assertTrue(
        reactor
            .jars()
            .containsAll(
                List.of(
                    "maintd-daemon/target/maintd.jar",
                    "maintd-collector/target/maintd-collector.jar",
                    "maintd-cli/target/maintctl.jar")),
        reactor.jars().toString());
  }

  static Stream<Arguments> plantedMistakes() {
    return Stream.of(
        Arguments.of(
            "/src/maintd-daemon/target/maintd.jar",
            "/src/maintd-daemon/target/maintd-daemon.jar",
            "/src/maintd-daemon/target/maintd-daemon.jar is no jar the reactor builds in /src/"),
        Arguments.of(
            "--from=build /src/maintd-cli/target/maintctl.jar",
            "--from=build /maintd-cli/target/maintctl.jar",
            "/maintd-cli/target/maintctl.jar is no jar the reactor builds in /src/"),
        Arguments.of(
            "--from=build /src/maintd-cli",
            "--from=builder /src/maintd-cli",
            "--from=builder names no stage"),
        Arguments.of(
            "COPY LICENSE README.md", "COPY LICENCE README.md", "LICENCE is not in the checkout"),
        Arguments.of(
            "COPY LICENSE README.md",
            "COPY LICENSE docs/screenshots/overview.png",
            "docs/screenshots/overview.png is left out by .dockerignore"),
        Arguments.of(
            "COPY maintd-rapi/src maintd-rapi/src\n",
            "",
            "stage build does not copy maintd-rapi/src to build it"),
        Arguments.of("USER maintd", "USER root", "the default target runs as root (USER root)"),
        Arguments.of("USER maintd", "USER 0:0", "the default target runs as root (USER 0:0)"),
        Arguments.of("USER maintd", "", "the default target runs as root (USER root)"),
        Arguments.of(
            "VOLUME [\"/etc/maintd\", \"/var/lib/maintd\"]",
            "VOLUME [\"/etc/maintd\"]",
            "the default target has no VOLUME /var/lib/maintd"),
        Arguments.of("EXPOSE 1816", "EXPOSE 8080", "the default target does not EXPOSE 1816"),
        Arguments.of(
            "MAINTD_HEALTH_URL=http://127.0.0.1:1816/1/health",
            "MAINTD_HEALTH_URL=http://127.0.0.1:1816/1/status",
            "the default target's HEALTHCHECK does not ask /1/health"),
        Arguments.of("AS collector", "AS agent", "no stage is named collector"));
  }

  @ParameterizedTest
  @MethodSource("plantedMistakes")
  void aPlantedMistakeIsNamed(String right, String wrong, String named) {
    int at = dockerfile.indexOf(right);
    assertNotEquals(-1, at, "the Dockerfile has no " + right + " to change");
    String planted =
        dockerfile.substring(0, at) + wrong + dockerfile.substring(at + right.length());
    List<String> problems = check.problems(ParsedDockerfile.parse(planted));
    assertTrue(
        problems.stream().anyMatch(p -> p.contains(named)),
        "expected '" + named + "' in " + problems);
  }

  @ParameterizedTest
  @CsvSource({
    "maintd-daemon/target/maintd.jar, true",
    "target, true",
    "target/classes/A.class, true",
    "docs/screenshots, true",
    "docs/screenshots/phone.png, true",
    "maintd-daemon/src/main/java/org/maintd/daemon/app/Daemon.java, false",
    "docs/operations.md, false",
    "scripts/demo.log, true",
    "etc/maintd.yaml, false",
    ".git, true",
    ".github, false"
  })
  void theContextLeavesOutWhatDockerignoreNames(String path, boolean ignored) throws IOException {
    DockerIgnore ignore = new DockerIgnore(Files.readString(TOP.resolve(".dockerignore")));
    assertEquals(ignored, ignore.ignores(path), path);
  }

  @Test
  void aLaterExceptionTakesAPathBack() {
    DockerIgnore ignore = new DockerIgnore("docs\n!docs/operations.md\n");
    assertTrue(ignore.ignores("docs/http-api.md"));
    assertFalse(ignore.ignores("docs/operations.md"));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      value = {
        "A=\"-Xmx96m -XX:+UseSerialGC\" B=x | [A=-Xmx96m -XX:+UseSerialGC, B=x]",
        "[\"/etc/maintd\", \"/var/lib/maintd\"] | [/etc/maintd, /var/lib/maintd]",
        "--from=build /a  /b | [--from=build, /a, /b]",
        "'single quoted' x | [single quoted, x]"
      })
  void wordsAreSplitAsTheBuilderSplitsThem(String arguments, String words) {
    assertEquals(words, ParsedDockerfile.words(arguments).toString());
  }

  @Test
  void continuationLinesAndCommentsAreReadAsOneInstruction() {
    ParsedDockerfile file =
        ParsedDockerfile.parse(
            "ARG BASE=debian:12\nFROM ${BASE} AS one\n# a comment\nRUN a \\\n# inside\n  && b\n"
                + "ENV X=1\nFROM one\nENV Y=$X/2 X=3\nHEALTHCHECK --interval=5s CMD probe $Y $X\n");
    assertEquals("debian:12", file.globalArgs().get("BASE"));
    assertEquals(2, file.stages().size());
    assertEquals("RUN", file.stages().get(0).instructions().get(0).keyword());
    assertEquals("a  && b", file.stages().get(0).instructions().get(0).arguments());
    assertEquals(
        "probe 1/2 3", StageSettings.of(file, file.last()).expandedHealthCheck().orElseThrow());
  }
}
