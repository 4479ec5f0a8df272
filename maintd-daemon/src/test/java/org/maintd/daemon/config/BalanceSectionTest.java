package org.maintd.daemon.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.balance.BalanceOptions;
import org.maintd.config.ConfigException;

/**
 * The balancing keys of {@code maintd.yaml}: {@code balance} alone or as a section of hbal's
 * switches, their defaults, and each bad value named with its key.
 */
class BalanceSectionTest {
  private static final BalanceOptions DEFAULTS = BalanceOptions.threshold(0.1);

  @TempDir Path dir;

  @Test
  void theSampleConfigurationBalancesWithHbalsDefaultsAndTheThresholdsGainRule() {
    DaemonConfig c = new DaemonConfigLoader().load(Path.of("..", "etc", "maintd.yaml"));
    DaemonConfig defaults = new DaemonConfigLoader().bind("empty", null);
    assertEquals(false, c.balance());
    assertEquals(0.1, c.balanceThreshold());
    assertEquals(DEFAULTS, c.balancing());
    assertEquals(defaults.balancing(), c.balancing());
    assertEquals(
        new BalanceOptions(true, true, false, false, 0.1, 1.0, List.of(), List.of(), false, 0),
        DEFAULTS);
  }

  @Test
  void balanceAloneTurnsBalancingOnWithTheDefaults() throws Exception {
    DaemonConfig c = load("balance: true\nbalanceThreshold: 0.5\n");
    assertEquals(true, c.balance());
    assertEquals(BalanceOptions.threshold(0.5), c.balancing());
  }

  @Test
  void everySwitchIsReadFromTheSection() throws Exception {
    DaemonConfig c =
        load(
            String.join(
                "\n",
                "balance:",
                "  enabled: true",
                "  diskMoves: false",
                "  instanceMoves: false",
                "  evacMode: true",
                "  ignoreSoftErrors: true",
                "  minGain: 0.25",
                "  minGainLimit: 3",
                "  selectInstances: [web1, db1.example.com]",
                "  excludeInstances: [db1.example.com]",
                "  restrictedMigration: true",
                "  searchTries: 200",
                ""));
    assertEquals(true, c.balance());
    assertEquals(
        new BalanceOptions(
            false,
            false,
            true,
            true,
            0.25,
            3,
            List.of("web1", "db1.example.com"),
            List.of("db1.example.com"),
            true,
            200),
        c.balancing());
  }

  @ParameterizedTest(name = "balanceThreshold {0}, minGain ''{1}'', minGainLimit ''{2}''")
  @CsvSource({
    "0.2, '', '', 0.2, 2.0",
    "0.2, 0.05, '', 0.05, 2.0",
    "0.2, '', 7, 0.2, 7.0",
    "0.2, '', 2, 0.2, 2.0"
  })
  void emptyGainsFollowTheThreshold(
      double threshold, String minGain, String limit, double gain, double gainLimit)
      throws Exception {
    DaemonConfig c =
        load(
            "balanceThreshold: "
                + threshold
                + "\nbalance:\n  enabled: true\n  minGain: \""
                + minGain
                + "\"\n  minGainLimit: \""
                + limit
                + "\"\n");
    assertEquals(gain, c.balancing().minGain());
    assertEquals(gainLimit, c.balancing().minGainLimit());
  }

  @Test
  void eachBadValueIsNamedWithItsKey() throws Exception {
    ConfigException e =
        assertThrows(
            ConfigException.class,
            () ->
                load(
                    String.join(
                        "\n",
                        "balance:",
                        "  enabled: yes please",
                        "  diskMoves: 0",
                        "  instanceMoves: maybe",
                        "  evacMode: 'on'",
                        "  ignoreSoftErrors: []",
                        "  minGain: -1",
                        "  minGainLimit: lots",
                        "  selectInstances: web1,web2",
                        "  excludeInstances: ['db1,db2', '']",
                        "  threshold: 0.2",
                        "")));
    assertEquals(
        List.of(
            "balance.diskMoves: must be true or false, not '0'",
            "balance.instanceMoves: must be true or false, not 'maybe'",
            "balance.evacMode: must be true or false, not 'on'",
            "balance.ignoreSoftErrors: must be true or false, not '[]'",
            "balance.minGain: must be a number from 0 to 1000.0 (empty: balanceThreshold), not '-1'",
            "balance.minGainLimit: must be a number from 0 to 10000.0 (empty: 10 x balanceThreshold),"
                + " not 'lots'",
            "balance.selectInstances: must be a list, not web1,web2",
            "balance.excludeInstances: must list one instance name per item, not 'db1,db2'",
            "balance.enabled: must be true or false, not 'yes please'",
            "balance.threshold: unknown key"),
        e.problems());
  }

  @Test
  void aSwitchCanBeSetOnTheCommandLine() throws Exception {
    Path file = dir.resolve("maintd.yaml");
    Files.copy(Path.of("..", "etc", "maintd.yaml"), file);
    DaemonConfig c =
        new DaemonConfigLoader()
            .load(file, List.of("balance.enabled=true", "balance.excludeInstances=[web1]"));
    assertEquals(true, c.balance());
    assertEquals(DEFAULTS.withExcludeInstances(List.of("web1")), c.balancing());
  }

  private DaemonConfig load(String yaml) throws Exception {
    Path file = dir.resolve("maintd.yaml");
    Files.writeString(file, yaml);
    return new DaemonConfigLoader().load(file);
  }
}
