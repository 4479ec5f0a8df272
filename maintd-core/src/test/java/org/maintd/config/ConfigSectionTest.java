package org.maintd.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigSectionTest {
  @Test
  void listsEveryProblemWithItsKey() {
    Map<String, Object> parsed =
        Map.of(
            "port",
            "http",
            "poll",
            "soon",
            "nested",
            Map.of("timeout", "5 parsecs", "typo", 1),
            "extra",
            true);
    ConfigSection root = ConfigSection.root("test.yaml", parsed);
    root.integer("port", 1, 0, 10);
    root.duration("poll", Duration.ZERO, Duration.ZERO);
    root.section("nested").duration("timeout", Duration.ZERO, Duration.ZERO);
    ConfigException e = assertThrows(ConfigException.class, root::finish);
    assertEquals(
        List.of(
            "port: must be an integer, not 'http'",
            "poll: 'soon' is not a duration (a number followed by ms, s, m, h or d, e.g. 30s)",
            "nested.timeout: '5 parsecs' is not a duration (a number followed by ms, s, m, h or d, e.g. 30s)",
            "extra: unknown key",
            "nested.typo: unknown key"),
        e.problems());
  }

  @Test
  void defaultsApplyToMissingKeys() {
    ConfigSection root = ConfigSection.root("t", Map.of());
    assertEquals(1816, root.integer("port", 1816, 0, 65535));
    assertEquals(
        Duration.ofSeconds(30), root.duration("poll", Duration.ofSeconds(30), Duration.ZERO));
    assertEquals(Duration.ofMillis(1500), DurationText.parse("1.5s"));
    assertEquals(Duration.ofMillis(250), DurationText.parse("250ms"));
    assertEquals(Duration.ofMinutes(90), DurationText.parse("1.5h"));
    assertEquals(Duration.ofMinutes(5), DurationText.parse("5m"));
    assertEquals(Duration.ofHours(48), DurationText.parse("2d"));
    root.finish();
  }
}
