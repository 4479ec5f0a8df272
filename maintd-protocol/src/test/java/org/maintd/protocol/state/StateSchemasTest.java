package org.maintd.protocol.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.maintd.spi.MaintdState;

/**
 * Every state schema maintd has written, as the daemon of that schema wrote it on the demo's
 * simulated cluster ({@code fixtures/from-daemons}, whose README names the commit that wrote each):
 * each reads completely in this maintd, what its schema lacks at its default, and every value it
 * holds is written back unchanged. A file of a newer schema is refused naming both schemas,
 * whatever fields or values the newer schema added.
 */
class StateSchemasTest {
  private final StateCodec codec = new StateCodec();

  static byte[] writtenBy(int schema) throws IOException {
    String name = "/fixtures/from-daemons/state-v" + schema + ".json";
    try (InputStream in = StateSchemasTest.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new AssertionError("no fixture " + name);
      }
      return in.readAllBytes();
    }
  }

  /**
   * Per schema: the top-level fields its file lacks (those later schemas added), then what this
   * maintd reads of it: incidents, campaigns, planned jobs, machines out of service, collectors,
   * schedule windows, machine modes, schedule version, instances with health records, nodes with a
   * boot id, disks waiting, reboot requests, node cycles, storm guard armed.
   */
  @ParameterizedTest(name = "schema {0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          1 | schema collectors maintenance instance_health reboots             | 4 | 1 | 1 | 4 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | true
          2 | collectors maintenance instance_health reboots                    | 4 | 1 | 1 | 4 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | true
          3 | maintenance instance_health reboots                                | 4 | 1 | 1 | 4 | 13 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | true
          4 | instance_health reboots                                            | 4 | 1 | 1 | 5 | 13 | 1 | 1 | 0 | 0 | 0 | 0 | 0 | 0 | true
          5 | reboots                                                            | 4 | 1 | 1 | 5 | 13 | 1 | 1 | 0 | 1 | 13 | 1 | 0 | 0 | true
          6 | ''                                                                 | 4 | 1 | 1 | 5 | 13 | 1 | 1 | 0 | 1 | 13 | 1 | 2 | 1 | true
          7 | ''                                                                 | 4 | 1 | 1 | 5 | 13 | 1 | 1 | 1 | 1 | 13 | 1 | 2 | 1 | true
          """)
  void theStateTheDaemonOfEachSchemaWroteReadsCompletelyWhatItLacksAtItsDefault(
      int schema,
      String lacks,
      int incidents,
      int campaigns,
      int intents,
      int machines,
      int collectors,
      int windows,
      int modes,
      long scheduleVersion,
      int healthRecords,
      int bootIds,
      int pendingDisks,
      int rebootRequests,
      int cycles,
      boolean stormArmed)
      throws Exception {
    byte[] file = writtenBy(schema);
    assertEquals(schema, Mappers.RECORDS.readTree(file).path("schema").asInt(1));
    assertEquals(words(lacks), lacking(file), "the top-level fields its schema lacks");
    MaintdState s = codec.readComplete(file);
    assertEquals(
        List.of(incidents, campaigns, intents, machines, collectors),
        List.of(
            s.incidents().size(),
            s.campaigns().size(),
            s.intents().size(),
            s.machines().size(),
            s.collectors().size()));
    assertEquals(
        List.of(windows, modes, scheduleVersion, 0),
        List.of(
            s.maintenance().schedule().windows().size(),
            s.maintenance().modes().size(),
            s.maintenance().version(),
            s.maintenance().notices().size()));
    assertEquals(
        List.of(healthRecords, bootIds, pendingDisks, rebootRequests, cycles),
        List.of(
            s.health().instances().size(),
            s.health().bootIds().size(),
            s.health().pendingDisks().size(),
            s.reboots().requests().size(),
            s.reboots().cycles().size()));
    assertEquals(stormArmed, s.stormArmed());
  }

  @ParameterizedTest(name = "schema {0}")
  @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7})
  void everyValueTheDaemonOfEachSchemaWroteIsWrittenBackUnchanged(int schema) throws Exception {
    byte[] file = writtenBy(schema);
    MaintdState read = codec.readComplete(file);
    String written = codec.write(read);
    JsonNode back = Mappers.RECORDS.readTree(written);
    assertEquals(StateFile.SCHEMA, back.path("schema").asInt(), "written as this maintd's");
    JsonNode tree = Mappers.RECORDS.readTree(file);
    ((com.fasterxml.jackson.databind.node.ObjectNode) tree).remove("schema");
    List<String> changed = new ArrayList<>();
    differences(tree, back, "", changed);
    assertEquals(
        List.of(), changed, "what it wrote that this maintd writes otherwise or not at all");
    assertEquals(read, codec.readComplete(written.getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * The state file of this schema, declared of a newer one and changed as a newer maintd could
   * change it (a field added, a value or a type this maintd does not know), refused without a look
   * at the rest; the same change in a file of this schema is read, and the field named.
   */
  @ParameterizedTest(name = "schema {0}: {1} -> {2}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          8          | ''                          | ''
          8          | "storm_armed":true          | "storm_armed":true,"fleet":{"racks":[]}
          8          | "repair-status":"completed" | "repair-status":"archived"
          8          | "roundDelay":0              | "roundDelay":"PT0S"
          2147483647 | ''                          | ''
          """)
  void aStateOfANewerSchemaIsRefusedNamingBothSchemasWhateverItHolds(
      int newer, String from, String to) throws Exception {
    String text = new String(writtenBy(StateFile.SCHEMA), StandardCharsets.UTF_8);
    assertTrue(text.contains(from), from);
    String changed = text.replaceFirst(java.util.regex.Pattern.quote(from), to);
    byte[] bytes =
        changed
            .replaceFirst("^\\{\"schema\":7,", "{\"schema\":" + newer + ",")
            .getBytes(StandardCharsets.UTF_8);
    for (var read :
        List.<java.util.function.Function<byte[], MaintdState>>of(
            codec::read, codec::readComplete)) {
      NewerSchemaException e = assertThrows(NewerSchemaException.class, () -> read.apply(bytes));
      assertEquals(
          "state: written by a newer maintd (schema "
              + newer
              + "); this one reads up to schema "
              + StateFile.SCHEMA,
          e.getMessage());
      assertEquals(List.of(newer, StateFile.SCHEMA), List.of(e.schema(), e.readable()));
    }
    if (!from.isEmpty()) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> codec.read(changed));
      assertTrue(
          !(e instanceof NewerSchemaException) && e.getMessage().startsWith("state: field '"),
          "a file of this schema is read, and the field named: " + e.getMessage());
    }
  }

  /** The schemas around the newest this maintd reads: up to it read, above it refused. */
  @ParameterizedTest(name = "schema {0}")
  @CsvSource({"6, true", "7, true", "8, false", "9, false"})
  void theNewestSchemaReadIsThisMaintds(int schema, boolean read) throws Exception {
    String text =
        new String(writtenBy(7), StandardCharsets.UTF_8)
            .replaceFirst("\"schema\":7,", "\"schema\":" + schema + ",");
    if (read) {
      assertEquals(schema, Mappers.RECORDS.readTree(text).path("schema").asInt());
      assertEquals(codec.read(writtenBy(7)), codec.read(text));
    } else {
      assertThrows(NewerSchemaException.class, () -> codec.read(text));
    }
  }

  private static Set<String> words(String list) {
    return new TreeSet<>(list.isBlank() ? List.of() : Arrays.asList(list.trim().split("\\s+")));
  }

  /** The top-level fields this maintd writes that {@code file} does not hold. */
  private Set<String> lacking(byte[] file) throws IOException {
    JsonNode tree = Mappers.RECORDS.readTree(file);
    JsonNode written = Mappers.RECORDS.readTree(codec.write(codec.read(file)));
    Set<String> lacking = new TreeSet<>();
    written.fieldNames().forEachRemaining(n -> lacking.add(n));
    tree.fieldNames().forEachRemaining(lacking::remove);
    return lacking;
  }

  /**
   * Adds to {@code out} the path of every value of {@code file} that {@code back} lacks or holds
   * otherwise.
   */
  private static void differences(JsonNode file, JsonNode back, String at, List<String> out) {
    Comparator<JsonNode> sameValue =
        (a, b) ->
            a.equals(b)
                    || (a.isNumber()
                        && b.isNumber()
                        && a.decimalValue().compareTo(b.decimalValue()) == 0)
                ? 0
                : 1;
    if (back == null || back.isMissingNode()) {
      out.add(at);
    } else if (file.isObject()) {
      for (Iterator<String> names = file.fieldNames(); names.hasNext(); ) {
        String name = names.next();
        differences(file.get(name), back.get(name), at.isEmpty() ? name : at + "." + name, out);
      }
    } else if (file.isArray() && back.isArray() && file.size() == back.size()) {
      for (int i = 0; i < file.size(); i++) {
        differences(file.get(i), back.get(i), at + "[" + i + "]", out);
      }
    } else if (!file.equals(sameValue, back)) {
      out.add(at);
    }
  }
}
