package org.maintd.rapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.Group;
import org.maintd.cluster.Instance;
import org.maintd.cluster.InstanceStatus;
import org.maintd.cluster.Node;
import org.maintd.testing.Resources;

/**
 * {@link RapiClusterReader} field by field, on a small cluster written here (one group, its master
 * node n1 and a node n2, an instance i1 on n1) changed one field at a time: what each field becomes
 * in the model, its default when RAPI leaves it out, and the error naming the answer and the field
 * that cannot be read. About 0.1 s.
 */
class RapiFieldsTest {
  private static final String CLUSTER =
      """
      {"info": {"name": "c", "master": "n1"},
       "groups": [{"name": "g1", "uuid": "gu1"}],
       "nodes": [{"name": "n1", "group.uuid": "gu1"}, {"name": "n2", "group.uuid": "gu1"}],
       "instances": [{"name": "i1", "pnode": "n1", "status": "running",
                      "disk_template": "plain"}]}
      """;

  /** The cluster's {@code /2/info}: its name and its master. */
  private static final Object INFO = Resources.parseJson("{\"name\": \"c\", \"master\": \"n1\"}");

  private final RapiClusterReader reader = new RapiClusterReader();

  /**
   * The small cluster with {@code answer}'s {@code field} set to {@code value} (JSON, or {@code
   * absent} to leave it out): no field replaces the whole answer, {@code entry} its first entry,
   * and a field of the first entry is named with {@code /} between an object and its field.
   */
  @SuppressWarnings("unchecked")
  private Cluster read(String answer, String field, String value) {
    Map<String, Object> all = (Map<String, Object>) Resources.parseJson(CLUSTER);
    Object v = value.equals("absent") ? null : Resources.parseJson(value);
    if (field == null) {
      all.put(answer, v);
    } else if (answer.equals("info")) {
      set((Map<String, Object>) all.get("info"), field, v);
    } else if (field.equals("entry")) {
      ((List<Object>) all.get(answer)).set(0, v);
    } else {
      set(((List<Map<String, Object>>) all.get(answer)).get(0), field, v);
    }
    return reader.read(
        all.get("info"), all.get("groups"), all.get("nodes"), all.get("instances"), List.of());
  }

  @SuppressWarnings("unchecked")
  private static void set(Map<String, Object> object, String field, Object value) {
    int slash = field.indexOf('/');
    if (slash > 0) {
      Map<String, Object> inner =
          (Map<String, Object>)
              object.computeIfAbsent(field.substring(0, slash), k -> new java.util.HashMap<>());
      set(inner, field.substring(slash + 1), value);
    } else if (value == null) {
      object.remove(field);
    } else {
      object.put(field, value);
    }
  }

  @ParameterizedTest(name = "{0} {1} = {2}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
          info      |                            | []        | /2/info is not a JSON object
          info      | master                     | absent    | /2/info: field 'master' is missing or not a string
          info      | name                       | 7         | /2/info: field 'name' is missing or not a string
          groups    |                            | {}        | /2/groups is not a JSON list (was bulk=1 used?)
          groups    | entry                      | "g1"      | /2/groups entry is not a JSON object
          groups    | name                       | absent    | /2/groups entry: field 'name' is missing or not a string
          groups    | uuid                       | absent    | /2/groups entry: field 'uuid' is missing or not a string
          groups    | tags                       | "a,b"     | /2/groups entry: field 'tags' is not a list
          nodes     |                            | absent    | /2/nodes is not a JSON list (was bulk=1 used?)
          nodes     | entry                      | 1         | /2/nodes entry is not a JSON object
          nodes     | name                       | absent    | /2/nodes entry: field 'name' is missing or not a string
          nodes     | group.uuid                 | absent    | /2/nodes entry: field 'group.uuid' is missing or not a string
          nodes     | offline                    | "yes"     | /2/nodes entry: field 'offline' is not a boolean: yes
          nodes     | drained                    | 1         | /2/nodes entry: field 'drained' is not a boolean: 1
          nodes     | mtotal                     | "lots"    | /2/nodes entry: field 'mtotal' is not a number: lots
          nodes     | ndparams                   | []        | /2/nodes entry.ndparams is not a JSON object
          nodes     | ndparams/exclusive_storage | "no"      | /2/nodes entry.ndparams: field 'exclusive_storage' is not a boolean: no
          nodes     | tags                       | {}        | /2/nodes entry: field 'tags' is not a list
          instances |                            | {}        | /2/instances is not a JSON list (was bulk=1 used?)
          instances | pnode                      | absent    | /2/instances entry: field 'pnode' is missing or not a string
          instances | pnode                      | "n9"      | instance i1 refers to unknown node n9
          instances | snodes                     | ["n8"]    | instance i1 refers to unknown node n8
          instances | snodes                     | "n2"      | /2/instances entry: field 'snodes' is not a list
          instances | status                     | absent    | /2/instances entry: field 'status' is missing or not a string
          instances | status                     | "crashed" | instance i1: unknown instance status 'crashed'
          instances | disk_template              | "floppy"  | instance i1: unknown disk template 'floppy'
          instances | beparams                   | 128       | /2/instances entry.beparams is not a JSON object
          instances | beparams/vcpus             | "two"     | /2/instances entry.beparams: field 'vcpus' is not a number: two
          instances | disk.spindles              | ["1"]     | /2/instances entry: field 'disk.spindles' holds 1, not a number
          """)
  void anAnswerThatCannotBeReadIsRefusedNamingTheAnswerAndTheField(
      String answer, String field, String value, String message) {
    RapiFormatException e =
        assertThrows(RapiFormatException.class, () -> read(answer, field, value));
    assertEquals(message, e.getMessage());
  }

  /** Only USER_down changes: when its admin state is down too, the instance was stopped. */
  @ParameterizedTest(name = "{0} with admin_state {1}: {2}")
  @CsvSource({
    "running, up, running",
    "running, down, running",
    "USER_down, up, USER_down",
    "USER_down, absent, USER_down",
    "USER_down, offline, USER_down",
    "USER_down, down, ADMIN_down",
    "ADMIN_down, down, ADMIN_down",
    "ERROR_down, up, ERROR_down",
    "ADMIN_offline, offline, ADMIN_offline"
  })
  void theStatusIsRapisExceptAUserDownInstanceWhoseAdminStateIsDown(
      String status, String adminState, InstanceStatus read) {
    String admin = adminState.equals("absent") ? "" : ", \"admin_state\": \"" + adminState + "\"";
    Instance i =
        readInstances(
                "[{\"name\": \"i1\", \"pnode\": \"n1\", \"disk_template\": \"plain\","
                    + " \"status\": \""
                    + status
                    + "\""
                    + admin
                    + "}]")
            .get(0);
    assertEquals(read, i.status());
  }

  @Test
  void aNodeTakesEveryFieldRapiGives() {
    String node =
        """
        {"name": "n2", "uuid": "u2", "group.uuid": "gu1", "master_candidate": true,
         "offline": true, "drained": true, "mtotal": 1000, "mnode": 100, "mfree": 600,
         "dtotal": 5000, "dfree": 3000, "ctotal": 8, "sptotal": 6, "spfree": 4, "cnos": 3,
         "tags": ["rack:r1"],
         "ndparams": {"exclusive_storage": true, "spindle_count": 9, "cpu_speed": 2.5}}
        """;
    Node n = readNodes("[{\"name\": \"n1\", \"group.uuid\": \"gu1\"}, " + node + "]").get(1);
    assertEquals(
        new Node(
            "n2",
            "u2",
            "gu1",
            new Node.Flags(false, true, true, true),
            new Node.Resources(1000, 100, 600, 5000, 3000, 8, 6, true, 4, 3, 2.5),
            List.of("rack:r1")),
        n);
  }

  @Test
  void aNodeWithOnlyItsNameAndGroupTakesTheDefaults() {
    List<Node> nodes =
        readNodes(
            "[{\"name\": \"n1\", \"group.uuid\": \"gu1\"}, {\"name\": \"n2\", \"group.uuid\": \"gu1\"}]");
    assertEquals(new Node.Flags(true, false, false, false), nodes.get(0).flags(), "the master");
    assertEquals(new Node.Flags(false, false, false, false), nodes.get(1).flags());
    assertEquals("", nodes.get(1).uuid());
    assertEquals(
        new Node.Resources(0, 0, 0, 0, 0, 0, 1, false, 0, 1, 1.0), nodes.get(1).resources());
  }

  @Test
  void aNodeWhoseSpindlesAreNullHasItsSpindleCount() {
    Node n =
        readNodes(
                "[{\"name\": \"n1\", \"group.uuid\": \"gu1\", \"sptotal\": null,"
                    + " \"ndparams\": {\"spindle_count\": 3}}]")
            .get(0);
    assertEquals(3, n.resources().spindles());
  }

  private List<Node> readNodes(String nodes) {
    return reader.read(INFO, List.of(), Resources.parseJson(nodes), List.of(), List.of()).nodes();
  }

  @Test
  void anInstanceTakesEveryFieldRapiGives() {
    String instance =
        """
        [{"name": "i1", "uuid": "iu1", "pnode": "n1", "snodes": ["n2"], "status": "running",
          "disk_template": "drbd", "disk_usage": 2048, "tags": ["a", "b"],
          "disk.spindles": [2, 3],
          "beparams": {"memory": 512, "maxmem": 1024, "vcpus": 4, "auto_balance": false,
                       "spindle_use": 2}}]
        """;
    Instance i = readInstances(instance).get(0);
    assertEquals(
        new Instance(
            "i1",
            "iu1",
            512,
            2048,
            4,
            InstanceStatus.running,
            false,
            "n1",
            "n2",
            DiskTemplate.DRBD,
            List.of("a", "b"),
            2,
            "5",
            false),
        i);
  }

  @Test
  void anInstanceWithOnlyWhatItNeedsTakesTheDefaults() {
    Instance i =
        readInstances(
                "[{\"name\": \"i1\", \"pnode\": \"n1\", \"status\": \"ADMIN_down\","
                    + " \"disk_template\": \"file\"}]")
            .get(0);
    assertEquals(
        new Instance(
            "i1",
            "",
            0,
            0,
            1,
            InstanceStatus.ADMIN_down,
            true,
            "n1",
            "",
            DiskTemplate.FILE,
            List.of(),
            1,
            "-",
            false),
        i);
  }

  /** As the htools count them: no disk, no spindles; one disk of unknown spindles, unknown. */
  @ParameterizedTest(name = "disk.spindles {0}: {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          []          | 0
          [4]         | 4
          [1, 2, 3]   | 6
          [null]      | -
          [2, null]   | -
          absent      | -
          """)
  void anInstancesSpindlesAreItsDisksTogether(String spindles, String read) {
    String field = spindles.equals("absent") ? "" : ", \"disk.spindles\": " + spindles;
    Instance i =
        readInstances(
                "[{\"name\": \"i1\", \"pnode\": \"n1\", \"status\": \"running\","
                    + " \"disk_template\": \"plain\""
                    + field
                    + "}]")
            .get(0);
    assertEquals(read, i.spindles());
  }

  @ParameterizedTest(name = "beparams {0}: {1} MiB")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          {"memory": 512, "maxmem": 1024} | 512
          {"maxmem": 1024}                | 1024
          {}                              | 0
          """)
  void anInstancesMemoryIsItsMemoryElseItsMaxmem(String beparams, long memory) {
    Instance i =
        readInstances(
                "[{\"name\": \"i1\", \"pnode\": \"n1\", \"status\": \"running\","
                    + " \"disk_template\": \"plain\", \"oper_ram\": 99, \"beparams\": "
                    + beparams
                    + "}]")
            .get(0);
    assertEquals(memory, i.memory(), "oper_ram is the htools loader's, not the model's");
  }

  private List<Instance> readInstances(String instances) {
    return reader
        .read(
            INFO,
            List.of(),
            Resources.parseJson(
                "[{\"name\": \"n1\", \"group.uuid\": \"gu1\"},"
                    + " {\"name\": \"n2\", \"group.uuid\": \"gu1\"}]"),
            Resources.parseJson(instances),
            List.of())
        .instances();
  }

  @Test
  void aGroupIsPreferredUnlessItSaysOtherwise() {
    List<Group> groups =
        reader
            .read(
                INFO,
                Resources.parseJson(
                    "[{\"name\": \"g1\", \"uuid\": \"gu1\"},"
                        + " {\"name\": \"g2\", \"uuid\": \"gu2\", \"alloc_policy\": \"last_resort\","
                        + " \"tags\": [\"t\"], \"networks\": [\"net1\"]}]"),
                List.of(),
                List.of(),
                List.of())
            .groups();
    assertEquals(
        List.of(
            new Group("g1", "gu1", "preferred", List.of(), List.of()),
            new Group("g2", "gu2", "last_resort", List.of("t"), List.of("net1"))),
        groups);
  }
}
