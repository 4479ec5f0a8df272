package org.maintd.protocol.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A state file that cannot be read names the field by its path and the value, whether maintd does
 * not know the value or the field is missing; an import's strict read names every field a complete
 * state has that the file lacks or holds with another type.
 */
class StateCodecTest {
  private final StateCodec codec = new StateCodec();

  private static String fixture(String name) throws IOException {
    try (InputStream in = StateCodecTest.class.getResourceAsStream("/fixtures/" + name + ".json")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** The fixture with the first {@code from} replaced by {@code to}, which must be there. */
  private static String fixtureWith(String from, String to) throws IOException {
    String text = fixture("state");
    assertTrue(text.contains(from), from);
    return text.replaceFirst(java.util.regex.Pattern.quote(from), to);
  }

  private String refusal(String text) {
    return assertThrows(IllegalArgumentException.class, () -> codec.read(text)).getMessage();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          "repair-status" : "completed"|"repair-status" : "mended"\
          |state: field 'incidents[0].repair-status' cannot be read: unknown value 'mended' \
          (maintd knows noted, pending, canceled, failed, completed)
          "action" : "live-repair"|"action" : "reboot"\
          |state: field 'incidents[0].action' cannot be read: unknown value 'reboot' \
          (maintd knows Ok, live-repair, evacuate, evacuate-failover)
          "action" : "live-repair"|"action" : "evacuate"\
          |state: field 'incidents[0].action' cannot be read: 'evacuate' is not what \
          original.status asks for ('live-repair')
          "status" : "live-repair"|"status" : "reboot"\
          |state: field 'incidents[0].original.status' cannot be read: unknown value 'reboot' \
          (maintd knows Ok, live-repair, evacuate, evacuate-failover)
          "uuid" : "b18674c7-ab9b-4204-9b3f-e21c09b223a0"|"uuid" : "b18674c7"\
          |state: field 'incidents[0].uuid' cannot be read: 'b18674c7' is not a uuid
          "mode" : "MIGRATE_REBOOT"|"mode" : "REBOOT_ONLY"\
          |state: field 'campaigns[0].spec.mode' cannot be read: unknown value 'REBOOT_ONLY' \
          (maintd knows MIGRATE_REBOOT, FULL_EVACUATION)
          "status" : "COMPLETED"|"status" : "DONE"\
          |state: field 'campaigns[0].status' cannot be read: unknown value 'DONE' (maintd knows \
          RUNNING, PAUSED, ABORTING, FAILING, COMPLETED, ABORTED, FAILED)
          "phase" : "DONE"|"phase" : "GONE"\
          |state: field 'campaigns[0].nodes[0].phase' cannot be read: unknown value 'GONE' \
          (maintd knows WAITING, MASTER_FAILOVER, DRAIN, EVACUATE, REBOOT, BOOT, SOAK, UNDRAIN, \
          RETURN, DONE, SKIPPED)
          "reboot" : "SOFT"|"reboot" : "WARM"\
          |state: field 'campaigns[0].nodes[0].reboot' cannot be read: unknown value 'WARM' \
          (maintd knows SOFT, HARD_DUE, HARD, REFUSED)
          "op" : "set-node-flags"|"op" : "set-flags"\
          |state: field 'intents[0].job.operations[0].op' cannot be read: unknown value \
          'set-flags' (maintd knows set-node-flags, migrate, failover, move, replace-secondary, \
          repair, recreate-disks, reinstall, reboot, master-failover, startup, shutdown, \
          activate-disks, power)
          """)
  void aValueMaintdDoesNotKnowIsNamedWithItsField(String from, String to, String message)
      throws Exception {
    assertEquals(message, refusal(fixtureWith(from, to)));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          "repair-status" : "completed",|\
          |state: field 'incidents[0].repair-status' cannot be read: it is missing
          "node" : "node11",||state: field 'incidents[0].node' cannot be read: it is missing
          "groups" : [ [ "node2" ], [ "node1" ] ],||state: field 'campaigns[0]' cannot be read: \
          it lacks groups
          "status" : "COMPLETED",||state: field 'campaigns[0].status' cannot be read: it is missing
          "mode" : "MIGRATE_REBOOT",||state: field 'campaigns[0].spec.mode' cannot be read: \
          it is missing
          "op" : "set-node-flags",||state: field 'intents[0].job.operations[0].op' cannot be \
          read: it is missing
          "node" : "node13",||state: field 'machines[0].node' cannot be read: it is missing
          "health" : "ok",||state: field 'collectors.node3.health' cannot be read: it is missing
          """)
  void aMissingFieldIsNamedNotANullPointer(String from, String to, String message)
      throws Exception {
    assertEquals(message, refusal(fixtureWith(from, to == null ? "" : to)));
  }

  @Test
  void aNullEntryOfAListIsNamed() throws Exception {
    assertEquals(
        "state: field 'jobs[1]' cannot be read: it is null",
        refusal(fixtureWith("\"jobs\" : [ ],", "\"jobs\" : [ \"1\", null ],")));
  }

  @Test
  void anIncidentsEventWithoutItsEventOrReasonReadsAsTheStateFileWroteIt() throws Exception {
    String text =
        fixtureWith(
            "\"event\" : \"noted\",\n      \"reason\" : \"node reported live-repair\"",
            "\"event\" : null,\n      \"reason\" : null");
    org.maintd.incident.HistoryEntry first = codec.read(text).incidents().get(0).history().get(0);
    assertEquals(
        new org.maintd.incident.HistoryEntry(first.at(), null, null),
        first,
        "an event's fields are the state file's own: read at their defaults, not refused");
  }

  @Test
  void bytesThatAreNotJsonTextSaySo() {
    NotJsonException random =
        assertThrows(
            NotJsonException.class,
            () -> codec.read(new byte[] {(byte) 0xf2, (byte) 0x8f, 0x11, 0x00}));
    assertEquals("Invalid UTF-8 middle byte 0x11 (line 1, column 4)", random.detail());
    NotJsonException empty =
        assertThrows(NotJsonException.class, () -> codec.read(new byte[] {' ', '\n'}));
    assertEquals("not valid JSON: there is no JSON value in it", empty.getMessage());
    assertEquals("state: it is a JSON array, not an object", refusal("[1]"));
  }

  @Test
  void aCompleteStateReadsAsAnyState() throws Exception {
    byte[] text = fixture("state").getBytes(StandardCharsets.UTF_8);
    assertEquals(codec.read(text), codec.readComplete(text));
    byte[] v1 = fixture("state-v1").getBytes(StandardCharsets.UTF_8);
    assertEquals(codec.read(v1), codec.readComplete(v1), "schema 1 needs only its own fields");
  }

  @Test
  void aStateOfOnlyItsSchemaLacksEveryFieldAndSaysWhichInOneMessage() {
    IncompleteStateException e =
        assertThrows(
            IncompleteStateException.class,
            () -> codec.readComplete("{\"schema\":3}".getBytes(StandardCharsets.UTF_8)));
    assertEquals(
        "schema 3: it lacks roundDelay (a number), jobs (an array), balance (a boolean),"
            + " balanceThreshold (a number), evacuated (an array), incidents (an array),"
            + " ctime (a number), mtime (a number), serial_no (a number), intents (an array),"
            + " paused (a boolean), pause_reason (a string), round (a number),"
            + " campaigns (an array), machines (an array), storm_armed (a boolean),"
            + " collectors (an object)",
        e.getMessage());
    assertEquals(17, e.lacking().size());
    assertEquals(3, e.schema());
    codec.read("{\"schema\":3}");
  }

  @Test
  void anIncompleteStateNamesNestedFieldsAndValuesOfAnotherType() throws Exception {
    String text =
        fixtureWith("\"serial_no\" : 1129", "\"serial_no\" : \"1129\"")
            .replaceFirst("\"since\" : 1.79542720025E9,", "")
            .replaceFirst("\"paused\" : false", "\"paused\" : \"false\"")
            .replaceFirst("\"observed\" : true,", "")
            .replaceFirst("\"pause_reason\" : \"\"", "\"pause_reason\" : null");
    IncompleteStateException e =
        assertThrows(
            IncompleteStateException.class,
            () -> codec.readComplete(text.getBytes(StandardCharsets.UTF_8)));
    assertEquals(
        List.of("incidents[0].observed (a boolean)", "machines[0].since (a number)"), e.lacking());
    assertEquals(
        List.of(
            "serial_no is a string, not a number",
            "paused is a string, not a boolean",
            "pause_reason is null, not a string"),
        e.mistyped());
  }

  @Test
  void whatIsDerivedOrDefaultedIsNotNeeded() throws Exception {
    String text =
        fixture("state")
            .replaceAll(",\\n\\s*\"reboot\" : \"SOFT\"", "")
            .replaceAll("\"id\" : \"(b18674c7|5e5465f4)[^\"]*\",", "")
            .replaceAll("\"tag\" : \"[^\"]*\",", "")
            .replaceAll("\"action\" : \"[^\"]*\",", "")
            .replaceAll(",\\n\\s*\"kind\" : \"drain\"", "");
    assertTrue(!text.contains("\"tag\" :") && !text.contains("\"kind\" : \"drain\""), text);
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    assertEquals(codec.read(bytes), codec.readComplete(bytes));
  }
}
