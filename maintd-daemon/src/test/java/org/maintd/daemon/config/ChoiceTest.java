package org.maintd.daemon.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.config.ConfigException;
import org.maintd.protocol.json.Json;

/**
 * The keys of {@code maintd.yaml} that choose a way of working: every value each one takes, read as
 * its type once; the default when it is left out; every other value refused with the key and the
 * values allowed; and what each choice means with each backend.
 */
class ChoiceTest {
  private static final Map<String, Function<DaemonConfig, Choice>> KEYS =
      Map.of(
          "backend", DaemonConfig::backend,
          "nodeCommands.reboot", c -> c.nodeCommands().reboot(),
          "nodeCommands.masterFailover", c -> c.nodeCommands().masterFailover(),
          "reboot.hard", c -> c.reboot().hard(),
          "reboot.powerControl", c -> c.reboot().powerControl());

  /** {@code key: value} as YAML, a dotted key inside its section. */
  private static DaemonConfig bind(String key, String value) throws Exception {
    String[] path = key.split("\\.");
    String yaml =
        path.length == 1 ? key + ": " + value : path[0] + ":\n  " + path[1] + ": " + value;
    return new DaemonConfigLoader().bind("maintd.yaml", Json.YAML.readValue(yaml, Object.class));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource({
    "backend, sim, SIM",
    "backend, ganeti, GANETI",
    "nodeCommands.reboot, auto, AUTO",
    "nodeCommands.reboot, collector, COLLECTOR",
    "nodeCommands.reboot, backend, BACKEND",
    "nodeCommands.masterFailover, auto, AUTO",
    "nodeCommands.masterFailover, collector, COLLECTOR",
    "nodeCommands.masterFailover, backend, BACKEND",
    "reboot.hard, auto, AUTO",
    "reboot.hard, backend, BACKEND",
    "reboot.hard, none, NONE",
    "reboot.powerControl, auto, AUTO",
    "reboot.powerControl, backend, BACKEND",
    "reboot.powerControl, none, NONE",
  })
  void eachValueAKeyTakesIsReadAsItsChoice(String key, String value, String choice)
      throws Exception {
    Choice read = KEYS.get(key).apply(bind(key, value));
    assertEquals(choice, ((Enum<?>) read).name());
    assertEquals(value, read.key());
  }

  @Test
  void aKeyLeftOutTakesItsDefault() throws Exception {
    DaemonConfig c = bind("port", "1816");
    assertEquals(Backend.SIM, c.backend());
    assertEquals(CommandRoute.AUTO, c.nodeCommands().reboot());
    assertEquals(CommandRoute.AUTO, c.nodeCommands().masterFailover());
    assertEquals(PowerPath.AUTO, c.reboot().hard());
    assertEquals(PowerPath.AUTO, c.reboot().powerControl());
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource({
    "backend, vmware, 'backend: must be one of [sim, ganeti], not ''vmware'''",
    "backend, Sim, 'backend: must be one of [sim, ganeti], not ''Sim'''",
    "nodeCommands.reboot, ssh,"
        + " 'nodeCommands.reboot: must be one of [auto, collector, backend], not ''ssh'''",
    "nodeCommands.reboot, '\"\"',"
        + " 'nodeCommands.reboot: must be one of [auto, collector, backend], not '''''",
    "nodeCommands.masterFailover, Collector,"
        + " 'nodeCommands.masterFailover: must be one of [auto, collector, backend], not"
        + " ''Collector'''",
    "nodeCommands.masterFailover, none,"
        + " 'nodeCommands.masterFailover: must be one of [auto, collector, backend], not"
        + " ''none'''",
    "reboot.hard, collector, 'reboot.hard: must be one of [auto, backend, none], not ''collector'''",
    "reboot.hard, true, 'reboot.hard: must be one of [auto, backend, none], not ''true'''",
    "reboot.powerControl, oob,"
        + " 'reboot.powerControl: must be one of [auto, backend, none], not ''oob'''",
    "reboot.powerControl, 'auto ',"
        + " 'reboot.powerControl: must be one of [auto, backend, none], not ''auto '''",
  })
  void anyOtherValueIsRefusedNamingTheKeyAndTheValuesAllowed(
      String key, String value, String problem) {
    String yamlValue = value.endsWith(" ") ? "'" + value + "'" : value;
    assertEquals(
        List.of(problem),
        assertThrows(ConfigException.class, () -> bind(key, yamlValue)).problems());
  }

  @ParameterizedTest(name = "{0} with {1}: {2}")
  @CsvSource({
    "AUTO, SIM, false",
    "AUTO, GANETI, true",
    "COLLECTOR, SIM, true",
    "COLLECTOR, GANETI, true",
    "BACKEND, SIM, false",
    "BACKEND, GANETI, false",
  })
  void aNodeCommandGoesThroughTheCollectorsAsItsRouteAndTheBackendSay(
      CommandRoute route, Backend backend, boolean byCollector) {
    assertEquals(byCollector, route.byCollector(backend));
  }

  @ParameterizedTest(name = "{0} with {1}: {2}")
  @CsvSource({
    "AUTO, SIM, true",
    "AUTO, GANETI, false",
    "BACKEND, SIM, true",
    "BACKEND, GANETI, true",
    "NONE, SIM, false",
    "NONE, GANETI, false",
  })
  void aPowerPathExistsAsItsSettingAndTheBackendSay(PowerPath path, Backend backend, boolean on) {
    assertEquals(on, path.on(backend));
  }
}
