package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maintd.daemon.config.Ha;
import org.maintd.daemon.config.Store;
import org.maintd.daemon.config.WhoLeads;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.daemon.testing.WrittenStates;
import org.maintd.protocol.json.Json;
import org.maintd.protocol.state.StateFile;

/**
 * This daemon started on the state file the daemon of each schema wrote on the demo's cluster
 * ({@link WrittenStates}), as an upgrade on one master starts it: first standing by on another
 * node, where it serves the file as it is (every incident with its status, the campaign, the
 * schedule's windows, the reboot requests), then on the master, where it leads on it and writes it
 * back in its own schema, the campaign and the reboot requests kept. The demo's thirteen nodes each
 * have a collector in this JVM; each schema costs about three seconds.
 */
class OlderStatesEndToEndTest {
  @TempDir Path tmp;
  private TestCluster cluster;

  @AfterEach
  void stop() throws Exception {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** What a state shows an operator: incidents, campaigns, windows, node7's reboot keys. */
  record Shown(
      List<String> incidents, List<String> campaigns, List<String> windows, List<String> keys) {}

  @ParameterizedTest(name = "schema {0}")
  @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7})
  void theDaemonServesTheStateOfEachSchemaThenLeadsOnItAndWritesItInItsOwn(int schema)
      throws Exception {
    Path top = Path.of("..").toAbsolutePath().normalize();
    cluster = new TestCluster(tmp, Files.readString(top.resolve("etc/demo/cluster.data")));
    Files.writeString(tmp.resolve("master"), "node1\n");
    Path file = tmp.resolve("state/state.json");
    Files.createDirectories(file.getParent());
    Files.write(file, WrittenStates.of(schema));
    Shown written = shown(Json.parse(new String(WrittenStates.of(schema), StandardCharsets.UTF_8)));
    assertTrue(written.incidents().size() == 4 && written.campaigns().size() == 1, "" + written);

    cluster.node = "node2";
    cluster.ha = new Ha(new WhoLeads.Standby(new Store.InFile()), null);
    cluster.startDaemon();
    cluster.awaitTrue("the standby serves the state file", () -> served().equals(written));
    assertEquals(false, ((Map<?, ?>) cluster.get("/1/health")).get("leader"));
    cluster.stopDaemon();

    cluster.node = "node1";
    cluster.ha = Ha.defaults();
    cluster.startDaemon();
    cluster.awaitTicks(2);
    Map<?, ?> health = (Map<?, ?>) cluster.get("/1/health");
    assertEquals(List.of(true, "RUNNING"), List.of(health.get("leader"), health.get("state")));
    Map<?, ?> rewritten = (Map<?, ?>) Json.parse(Files.readString(file));
    assertEquals(StateFile.SCHEMA, ((Number) rewritten.get("schema")).intValue());
    Shown led = shown(rewritten);
    assertEquals(written.campaigns(), led.campaigns(), "the campaign goes on");
    assertEquals(written.keys(), led.keys(), "node7 is still held by its keys");
  }

  /** What this daemon serves now. */
  private Shown served() throws Exception {
    List<String> windows = new ArrayList<>();
    for (Object o : (List<?>) ((Map<?, ?>) cluster.get("/1/maintenance/schedule")).get("windows")) {
      for (Object m : (List<?>) ((Map<?, ?>) o).get("machine_ids")) {
        windows.add((String) ((Map<?, ?>) m).get("hostname"));
      }
    }
    List<String> keys = new ArrayList<>();
    for (Object o : (List<?>) ((Map<?, ?>) cluster.get("/1/nodes/node7/reboot")).get("requests")) {
      keys.add((String) ((Map<?, ?>) o).get("key"));
    }
    return new Shown(
        each(cluster.get("/1/status"), "uuid", "repair-status"),
        each(cluster.get("/1/campaigns"), "id", "status"),
        windows,
        keys);
  }

  /** What the state file {@code state} holds of the same, read as JSON. */
  private static Shown shown(Object state) {
    Map<?, ?> s = (Map<?, ?>) state;
    List<String> windows = new ArrayList<>();
    Map<?, ?> maintenance = (Map<?, ?>) s.get("maintenance");
    for (Object o : maintenance == null ? List.of() : (List<?>) maintenance.get("schedule")) {
      for (Object m : (List<?>) ((Map<?, ?>) o).get("machines")) {
        windows.add((String) ((Map<?, ?>) m).get("hostname"));
      }
    }
    List<String> keys = new ArrayList<>();
    Map<?, ?> reboots = (Map<?, ?>) s.get("reboots");
    for (Object o : reboots == null ? List.of() : (List<?>) reboots.get("requests")) {
      Map<?, ?> r = (Map<?, ?>) o;
      if ("node7".equals(r.get("node"))) {
        keys.add((String) r.get("key"));
      }
    }
    return new Shown(
        each(s.get("incidents"), "uuid", "repair-status"),
        each(s.get("campaigns"), "id", "status"),
        windows,
        keys);
  }

  /** Each object of the list {@code list} as its {@code id} and its {@code status}, lower case. */
  private static List<String> each(Object list, String id, String status) {
    List<String> out = new ArrayList<>();
    for (Object o : (List<?>) list) {
      Map<?, ?> m = (Map<?, ?>) o;
      out.add(m.get(id) + " " + ((String) m.get(status)).toLowerCase(Locale.ROOT));
    }
    return out;
  }
}
