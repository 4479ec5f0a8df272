package org.maintd.collector.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The collector's command line: help, usage errors, configuration files. */
class CollectorMainTest {
  @Test
  void helpExitsWith0AndSaysWhatItTakes() {
    for (String help : List.of("-h", "--help")) {
      CollectorMain.Arguments a = CollectorMain.parse(new String[] {"-c", "x.yaml", help});
      assertEquals(0, a.exit());
      assertTrue(
          a.text()
              .startsWith(
                  "The node agent of maintd.\nUsage: maintd-collector [-hV] [--fleet=FILE]"
                      + " [-c=FILE]..."),
          a.text());
      assertTrue(a.text().contains("  2   usage or configuration error"), a.text());
    }
  }

  @Test
  void anUnknownArgumentIsAUsageErrorNamingIt() {
    CollectorMain.Arguments a = CollectorMain.parse(new String[] {"--port", "1"});
    assertEquals(2, a.exit());
    assertTrue(
        a.text().startsWith("maintd-collector: Unknown options: '--port', '1'\nThe node agent"),
        a.text());
    CollectorMain.Arguments missing = CollectorMain.parse(new String[] {"-c"});
    assertEquals(2, missing.exit(), "-c without a file");
    assertTrue(
        missing.text().startsWith("maintd-collector: Missing required parameter"), missing.text());
  }

  @Test
  void configurationFilesDefaultToTheSystemOne() {
    assertEquals(
        List.of(Path.of("/etc/maintd/maintd-collector.yaml")),
        CollectorMain.parse(new String[0]).files());
    assertEquals(
        List.of(Path.of("a.yaml"), Path.of("b.yaml")),
        CollectorMain.parse(new String[] {"-c", "a.yaml", "--config", "b.yaml"}).files());
  }

  @Test
  void aKeyFileOthersCanReadStopsTheCollectorWithExitCode2(
      @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path key = dir.resolve("hmac.key");
    java.nio.file.Files.writeString(key, "secret\n");
    java.nio.file.Files.setPosixFilePermissions(
        key, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r-----"));
    Path config = dir.resolve("collector.yaml");
    java.nio.file.Files.writeString(
        config, "node: n1\nport: 0\nbind: 127.0.0.1\nhmacKeyFile: " + key + "\n");
    java.io.PrintStream err = System.err;
    java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(captured, true));
    try {
      assertEquals(2, CollectorMain.run(List.of(config)));
    } finally {
      System.setErr(err);
    }
    assertTrue(
        captured
            .toString()
            .contains("hmacKeyFile: " + key + " may be read or written by others than its owner"),
        captured.toString());
  }

  @Test
  void aFleetServesAloneFromItsOwnFile() {
    CollectorMain.Arguments a = CollectorMain.parse(new String[] {"--fleet", "fleet.yaml"});
    assertEquals(List.of(Path.of("fleet.yaml")), a.fleets());
    assertEquals(List.of(), a.files());
    assertEquals(0, a.exit());
    CollectorMain.Arguments both =
        CollectorMain.parse(new String[] {"--fleet", "fleet.yaml", "-c", "node.yaml"});
    assertEquals(2, both.exit());
    assertTrue(both.text().startsWith("maintd-collector: --fleet serves alone"), both.text());
    assertEquals(2, CollectorMain.parse(new String[] {"--fleet"}).exit(), "--fleet without a file");
  }

  @Test
  void aFleetFileWithABadSpecStopsWithExitCode2(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    Path file = dir.resolve("fleet.yaml");
    java.nio.file.Files.writeString(file, "generate: nodes=many\n");
    assertEquals(2, FleetMain.run(file));
  }
}
