package org.maintd.daemon.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.config.ConfigException;
import org.maintd.health.HealthSettings;

/**
 * The instance health keys of {@code maintd.yaml}: off by default with the watcher's limits, {@code
 * instanceHealth: true} alone, the section's limits (an interval shorter than the expiry), and each
 * bad value named with its key.
 */
class HealthSectionTest {
  @TempDir Path dir;

  @Test
  void theSampleConfigurationLeavesItOffWithTheWatchersLimits() {
    DaemonConfig c = new DaemonConfigLoader().load(Path.of("..", "etc", "maintd.yaml"));
    assertEquals(HealthSettings.off(), c.instanceHealth());
    assertEquals(
        HealthSettings.off(), new DaemonConfigLoader().bind("empty", null).instanceHealth());
  }

  @Test
  void trueAloneTurnsItOnWithTheWatchersLimits() throws Exception {
    assertEquals(HealthSettings.on(), load("instanceHealth: true\n").instanceHealth());
  }

  @Test
  void theSectionSetsTheLimits() throws Exception {
    assertEquals(
        new HealthSettings(true, 3, Duration.ofMinutes(10), Duration.ofHours(2)),
        load("instanceHealth:\n  enabled: true\n  maxTries: 3\n  retryInterval: 10m\n"
                + "  retryExpiry: 2h\n")
            .instanceHealth());
    assertEquals(
        HealthSettings.on().withRetryInterval(Duration.ZERO),
        load("instanceHealth:\n  enabled: true\n  retryInterval: 0s\n").instanceHealth());
  }

  @Test
  void badLimitsAreNamedWithTheirKeys() {
    ConfigException e =
        assertThrows(
            ConfigException.class,
            () ->
                load(
                    "instanceHealth:\n  maxTries: 0\n  retryInterval: -1s\n  retryExpiry: 10s\n"
                        + "  sleep: 1\n"));
    assertTrue(e.getMessage().contains("instanceHealth.maxTries"), e.getMessage());
    assertTrue(e.getMessage().contains("instanceHealth.retryExpiry"), e.getMessage());
    assertTrue(
        e.getMessage()
            .contains(
                "instanceHealth.retryInterval: '-1s' is not a duration (a number followed by ms,"),
        e.getMessage());
    assertTrue(e.getMessage().contains("instanceHealth.sleep"), e.getMessage());
  }

  @ParameterizedTest(name = "retryInterval {0} with retryExpiry {1}: {2}")
  @CsvSource({
    "59m, 1h, ''",
    "1h, 1h, 'instanceHealth.retryInterval: must be shorter than retryExpiry (3600s), not 3600s'",
    "9h, '', 'instanceHealth.retryInterval: must be shorter than retryExpiry (28800s), not 32400s'"
  })
  void theIntervalMustBeShorterThanTheExpiry(String interval, String expiry, String problem)
      throws Exception {
    String yaml =
        "instanceHealth:\n  retryInterval: "
            + interval
            + "\n"
            + (expiry.isEmpty() ? "" : "  retryExpiry: " + expiry + "\n");
    if (problem.isEmpty()) {
      assertEquals(Duration.ofMinutes(59), load(yaml).instanceHealth().retryInterval());
    } else {
      ConfigException e = assertThrows(ConfigException.class, () -> load(yaml));
      assertTrue(e.getMessage().contains(problem), e.getMessage());
    }
  }

  private DaemonConfig load(String yaml) throws Exception {
    Path file = dir.resolve("maintd.yaml");
    Files.writeString(file, yaml);
    return new DaemonConfigLoader().load(file);
  }
}
