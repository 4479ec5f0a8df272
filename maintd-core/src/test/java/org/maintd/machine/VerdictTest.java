package org.maintd.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A command over several machines is all or nothing. */
class VerdictTest {
  private final List<String> asked = new ArrayList<>();

  private Verdict.Together<String> together(String... hosts) {
    Map<String, Verdict<String>> verdicts =
        Map.of(
            "a", new Verdict.Allowed<>("change a"),
            "b", new Verdict.Allowed<>("change b"),
            "r", new Verdict.Refused<>("r", "r is busy"),
            "s", new Verdict.Refused<>("s", "s is held"));
    return Verdict.together(
        List.of(hosts),
        h -> {
          asked.add(h);
          return verdicts.get(h);
        });
  }

  @Test
  void everyMachineAllowedGivesEveryChangeInOrder() {
    assertEquals(
        new Verdict.Together.AllAllowed<>(List.of("change b", "change a")), together("b", "a"));
  }

  @Test
  void oneRefusalRefusesAllNamingEveryReason() {
    assertEquals(
        new Verdict.Together.Refused<>(List.of("r is busy", "s is held")), together("r", "a", "s"));
    assertEquals(List.of("r", "a", "s"), asked);
  }

  @Test
  void noMachinesIsNothingToDo() {
    assertEquals(new Verdict.Together.AllAllowed<>(List.of()), together());
  }
}
