package org.maintd.daemon.config;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.reboot.RebootPolicy;

/** The {@code reboot} keys of maintd.yaml: what they give per backend, and bad values by key. */
class RebootSectionTest {
  private static Reboot read(String... lines) throws Exception {
    return ConfigLines.bind(lines).reboot();
  }

  @Test
  void autoMeansTheSimulatedClustersPowerControlAndNoneOnGaneti() throws Exception {
    Reboot r = read("port: 1816");
    assertEquals(Reboot.defaults(), r);
    assertEquals(
        new RebootPolicy(Duration.ofMinutes(5), Duration.ofMinutes(15), true, true),
        r.policy(Backend.SIM));
    assertEquals(
        new RebootPolicy(Duration.ofMinutes(5), Duration.ofMinutes(15), false, false),
        r.policy(Backend.GANETI));
  }

  @Test
  void theKeysSetTheTimeoutsAndThePaths() throws Exception {
    Reboot r =
        read(
            "reboot:",
            "  softTimeout: 30s",
            "  bootTimeout: 2m",
            "  hard: backend",
            "  powerControl: none");
    assertEquals(
        new RebootPolicy(Duration.ofSeconds(30), Duration.ofMinutes(2), true, false),
        r.policy(Backend.GANETI));
    assertEquals(false, read("reboot:", "  hard: none").policy(Backend.SIM).hardPath());
  }

  @Test
  void everyBadValueIsNamedByItsKey() {
    List<String> problems =
        ConfigLines.problems(
            "reboot:",
            "  softTimeout: 0s",
            "  bootTimeout: soon",
            "  hard: maybe",
            "  powerControl: oob",
            "  colour: red");
    assertEquals(5, problems.size(), problems.toString());
    for (String key : List.of("softTimeout", "bootTimeout", "hard", "powerControl", "colour")) {
      assertEquals(
          1,
          problems.stream().filter(p -> p.contains("reboot." + key)).count(),
          key + " in " + problems);
    }
  }
}
