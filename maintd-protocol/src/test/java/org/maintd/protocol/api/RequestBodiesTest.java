package org.maintd.protocol.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.maintd.protocol.repair.RepairRequest;
import org.maintd.protocol.sim.SimDiagnose;
import org.maintd.protocol.sim.SimFail;
import org.maintd.protocol.sim.SimInstance;
import org.maintd.protocol.sim.SimLoad;
import org.maintd.protocol.sim.SimPowerOn;
import org.maintd.protocol.sim.SimTag;

/**
 * Every body a client sends, bound the one way: {@code null}, nothing, JSON of the wrong shape and
 * values of the wrong JSON type are refused in the API's words (the field's path, the JSON type
 * expected, what came instead), never in Java's; booleans are JSON's {@code true} and {@code false}
 * only.
 */
class RequestBodiesTest {
  /** What a message in Java's words gives away: a package, a nested class, Jackson's phrasing. */
  private static final Pattern JAVA =
      Pattern.compile("java\\.|\\$|`|Cannot deserialize|ArrayList|Long\\b|Boolean\\b|coercion");

  /** The bodies of the table below, by the name it gives them. */
  private static final Map<String, Class<?>> BODIES =
      Map.of(
          "schedule", ScheduleBody.class,
          "reboot", RebootBody.class,
          "campaign", CampaignRequest.class,
          "sim-load", SimLoad.class,
          "sim-fail", SimFail.class,
          "sim-tags", SimTag.class,
          "sim-power-on", SimPowerOn.class,
          "repair", RepairRequest.class);

  private static String refusal(String body, Class<?> type) {
    String m =
        assertThrows(IllegalArgumentException.class, () -> RequestBodies.bind(body, type))
            .getMessage();
    assertFalse(JAVA.matcher(m).find(), "in Java's words: " + m);
    return m;
  }

  @ParameterizedTest
  @ValueSource(
      classes = {
        ScheduleBody.class,
        RebootBody.class,
        CampaignRequest.class,
        SimDiagnose.class,
        SimFail.class,
        SimLoad.class,
        SimTag.class,
        SimPowerOn.class,
        SimInstance.class,
        RepairRequest.class
      })
  void aNullOrEmptyBodyIsRefusedNamingTheObjectItMustBe(Class<?> type) {
    String fields =
        String.join(
            ", ",
            java.util.Arrays.stream(type.getRecordComponents())
                .map(java.lang.reflect.RecordComponent::getName)
                .toList());
    assertEquals(
        "the request body must be an object with the fields " + fields + ", not null",
        refusal("null", type));
    assertEquals(
        "the request body is empty: it must be an object with the fields " + fields,
        refusal(" \n", type));
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      value = {
        "schedule|{\"windows\": {}}|'windows' must be a list, not an object",
        "schedule|{\"windows\": [{\"machine_ids\": \"n2\"}]}|'windows[0].machine_ids' must "
            + "be a list, not the string \"n2\"",
        "schedule|{\"windows\": [{\"unavailability\": {\"start\": "
            + "5}}]}|'windows[0].unavailability.start' must be an object with the fields "
            + "nanoseconds, not the number 5",
        "schedule|{\"windows\": [{\"unavailability\": {\"start\": {\"nanoseconds\": "
            + "1.5}}}]}|'windows[0].unavailability.start.nanoseconds' must be a whole number, not "
            + "the number 1.5",
        "schedule|{\"windows\": [{\"machine_ids\": [{\"hostname\": "
            + "5}]}]}|'windows[0].machine_ids[0].hostname' must be a string, not the number 5",
        "schedule|{\"windows\": [{\"auto\": 1}]}|'windows[0].auto' must be true or false, "
            + "not the number 1",
        "schedule|{\"windows\": [{\"auto\": \"yes\"}]}|'windows[0].auto' must be true or "
            + "false, not the string \"yes\"",
        "schedule|[1]|the request body must be an object with the fields windows, not a list",
        "schedule|\"x\\n\"|the request body must be an object with the fields windows, not "
            + "the string \"x\\n\"",
        "schedule|{\"windows\": [] } []|the request body goes on after its JSON value: send "
            + "one value",
        "schedule|{\"windows\": [|the request body is not JSON (line 1, column 14): it ends "
            + "in the middle of a value",
        "schedule|{\"windows\": [], \"windows\": []}|the request body is not JSON (line 1, "
            + "column 26): Duplicate field 'windows'",
        "schedule|{\"windows\": [{\"unavailability\": {\"start\": {\"nanos\": 1}}}]}|unknown "
            + "field 'nanos' in 'windows[0].unavailability.start'; known: [nanoseconds]",
        "reboot|{\"force\": 1}|'force' must be true or false, not the number 1",
        "reboot|{\"force\": 0}|'force' must be true or false, not the number 0",
        "reboot|{\"force\": \"true\"}|'force' must be true or false, not the string \"true\"",
        "reboot|{\"evacuate\": \"yes\"}|'evacuate' must be true or false, not the string "
            + "\"yes\"",
        "reboot|{\"evacuate\": 1.0}|'evacuate' must be true or false, not the number 1.0",
        "reboot|{\"evacuate\": []}|'evacuate' must be true or false, not a list",
        "reboot|{\"mode\": 1}|'mode' must be a string, not the number 1",
        "reboot|{\"mode\": true}|'mode' must be a string, not true",
        "reboot|{\"key\": {}}|'key' must be a string, not an object",
        "reboot|{\"reason\": null, \"size\": 1}|unknown field 'size'; known: [evacuate, "
            + "force, key, mode, reason]",
        "campaign|{\"nodes\": \"n2\"}|'nodes' must be a list, not the string \"n2\"",
        "campaign|{\"nodes\": [1]}|'nodes[0]' must be a string, not the number 1",
        "campaign|{\"max_nodes\": 1.5}|'max_nodes' must be a whole number, not the number 1.5",
        "campaign|{\"max_nodes\": 99999999999999999999}|the request body holds a number out "
            + "of range (line 1, column 35): 99999999999999999999 is not a whole number from "
            + "-9223372036854775808 to 9223372036854775807",
        "sim-load|{\"cpu\": \"x\"}|'cpu' must be a number, not the string \"x\"",
        "sim-fail|{\"times\": 1.0}|'times' must be a whole number, not the number 1.0",
        "sim-tags|{\"cluster\": 1}|'cluster' must be true or false, not the number 1",
        "sim-power-on|{\"powered\": \"true\"}|'powered' must be true or false, not the "
            + "string \"true\"",
        "repair|{\"incident\": \"x\"}|'incident' must be a UUID (a string such as "
            + "\"9724c479-1b2e-4c3a-8d4e-5f6a7b8c9d0e\"), not the string \"x\"",
      })
  void aBodyOfTheWrongShapeIsRefusedInTheApisWords(String type, String body, String message) {
    assertEquals(message, refusal(body, BODIES.get(type)));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      value = {
        "{\"force\": true, \"evacuate\": false}|true|false",
        "{\"force\": false}|false|true",
        "{}|false|true",
        "{\"force\": null, \"evacuate\": null}|false|true",
      })
  void jsonBooleansAndNullAreTaken(String body, boolean force, boolean evacuate) {
    var ask = RequestBodies.bind(body, RebootBody.class).ask("n2", "test");
    assertEquals(force, ask.force());
    assertEquals(evacuate, ask.evacuate());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      value = {
        "null|the request body must be a list, not null",
        "{\"hostname\": \"n2\"}|the request body must be a list, not an object",
        "[{\"hostname\": [\"n2\"]}]|'[0].hostname' must be a string, not a list",
      })
  void aListOfMachinesIsRefusedInTheApisWords(String body, String message) {
    String m =
        assertThrows(
                IllegalArgumentException.class,
                () -> RequestBodies.bind(body, new TypeReference<List<MachineId>>() {}))
            .getMessage();
    assertEquals(message, m);
  }

  @org.junit.jupiter.api.Test
  void aValueShownInAMessageIsCutAndEscaped() {
    String m =
        refusal(
            "{\"force\": \"a very long\\u202e text that goes on and on beyond what is shown\"}",
            RebootBody.class);
    assertTrue(
        m.endsWith("not the string \"a very long\\u202e text that goes on and on be...\""), m);
  }
}
