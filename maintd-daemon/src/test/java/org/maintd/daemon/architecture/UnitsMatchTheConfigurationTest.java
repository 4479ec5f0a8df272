package org.maintd.daemon.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.collector.config.CollectorConfig;
import org.maintd.collector.config.CollectorConfigLoader;
import org.maintd.daemon.config.DaemonConfigLoader;
import org.maintd.daemon.config.Ganeti;

/**
 * The systemd units of {@code etc/systemd/} and the configuration's defaults name the same places:
 * each program writes where its unit lets it (the sandbox of {@code maintd.service} leaves only its
 * state directory writable), and the Ganeti drop-in shows the daemon the certificate it reads by
 * default. Reads the files only: a few milliseconds.
 */
class UnitsMatchTheConfigurationTest {
  private static final Path ETC = Path.of("..", "etc").toAbsolutePath().normalize();
  private static final Path UNITS = ETC.resolve("systemd");

  @Test
  void theDaemonsStateDirIsTheStateDirectoryOfItsUnit() throws IOException {
    Path stateDir = new DaemonConfigLoader().load(ETC.resolve("maintd.yaml")).stateDir();
    assertEquals(List.of("maintd"), values(UNITS.resolve("maintd.service"), "StateDirectory"));
    assertEquals(Path.of("/var/lib/maintd"), stateDir);
  }

  @Test
  void theCollectorKeepsItsRepairResultsInTheStateDirectoryOfItsUnit(@TempDir Path dir)
      throws IOException {
    Path unitsDirectory =
        Path.of("/var/lib")
            .resolve(values(UNITS.resolve("maintd-collector.service"), "StateDirectory").get(0));
    Path empty = Files.writeString(dir.resolve("collector.yaml"), "node: n1\n");
    CollectorConfigLoader loader = new CollectorConfigLoader();
    for (CollectorConfig c :
        List.of(loader.load(ETC.resolve("maintd-collector.yaml")), loader.load(empty))) {
      assertTrue(
          c.repairResults().startsWith(unitsDirectory),
          c.repairResults() + " is outside " + unitsDirectory);
    }
  }

  @Test
  void theGanetiDropInShowsTheDaemonTheCertificateItTrustsByDefault() throws IOException {
    Path dropIn = UNITS.resolve("maintd.service.d").resolve("ganeti.conf");
    List<String> shown = values(dropIn, "BindReadOnlyPaths");
    assertTrue(
        shown.contains(Ganeti.defaults().certificate().toString()), "ganeti.conf shows " + shown);
    assertTrue(shown.contains("/var/lib/ganeti/hmac.key"), "ganeti.conf shows " + shown);
    assertEquals(List.of("gnt-masterd"), values(dropIn, "SupplementaryGroups"));
  }

  /** The values the lines {@code key=...} of a unit file set, split at white space. */
  private static List<String> values(Path unit, String key) throws IOException {
    return Files.readAllLines(unit).stream()
        .filter(l -> l.startsWith(key + "="))
        .flatMap(l -> Arrays.stream(l.substring(key.length() + 1).trim().split("\\s+")))
        .filter(v -> !v.isEmpty())
        .toList();
  }
}
