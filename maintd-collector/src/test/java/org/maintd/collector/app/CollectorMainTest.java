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
      assertTrue(a.text().startsWith("usage: maintd-collector [-c FILE]..."), a.text());
      assertTrue(a.text().contains("Exit codes: 0 stopped, 1 failed to start, 2 usage or configuration error."), a.text());
    }
  }

  @Test
  void anUnknownArgumentIsAUsageErrorNamingIt() {
    CollectorMain.Arguments a = CollectorMain.parse(new String[] {"--port", "1"});
    assertEquals(2, a.exit());
    assertTrue(a.text().startsWith("maintd-collector: unknown argument '--port'\nusage:"), a.text());
    assertEquals(2, CollectorMain.parse(new String[] {"-c"}).exit(), "-c without a file");
  }

  @Test
  void configurationFilesDefaultToTheSystemOne() {
    assertEquals(List.of(Path.of("/etc/maintd/maintd-collector.yaml")), CollectorMain.parse(new String[0]).files());
    assertEquals(List.of(Path.of("a.yaml"), Path.of("b.yaml")),
        CollectorMain.parse(new String[] {"-c", "a.yaml", "--config", "b.yaml"}).files());
  }
}
