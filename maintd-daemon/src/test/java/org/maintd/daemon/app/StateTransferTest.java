package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.protocol.state.StateCodec;

/**
 * {@code maintd --export-state} and {@code --import-state} with the file store: a back-up taken
 * while the daemon runs, refused imports (a file that is no state, a daemon that holds the state),
 * and an import over a corrupt state that keeps what it replaced.
 */
class StateTransferTest {
  @TempDir Path tmp;
  TestCluster cluster;

  @BeforeEach
  void start() throws Exception {
    cluster = new TestCluster(tmp).startDaemon();
    cluster.awaitTicks(1);
    assertEquals(200, cluster.signedPost("/1/pause", "").statusCode());
  }

  @AfterEach
  void stop() throws Exception {
    cluster.close();
  }

  private StateTransfer transfer() {
    return new StateTransfer(cluster.config(), Clock.systemUTC());
  }

  @Test
  void anExportTakenWhileTheDaemonRunsIsImportedOverACorruptStateKeepingIt() throws Exception {
    Path backup = tmp.resolve("backup.json");
    String said = transfer().exportTo(backup);
    assertTrue(said.startsWith("exported the state of state file "), said);
    assertTrue(new StateCodec().read(Files.readString(backup)).paused());

    StartupException held =
        assertThrows(StartupException.class, () -> transfer().importFrom(backup));
    assertEquals(ExitCodes.FAILURE, held.exitCode());
    assertTrue(held.getMessage().contains("stop maintd before importing"), held.getMessage());

    cluster.stopDaemon();
    Path state = tmp.resolve("state/state.json");
    Files.writeString(state, "{ not a state");
    String imported = transfer().importFrom(backup);
    assertTrue(imported.contains("the unreadable state it replaced is kept in"), imported);
    try (var kept = Files.list(tmp.resolve("state"))) {
      assertEquals(
          List.of("{ not a state"),
          kept.filter(f -> f.getFileName().toString().startsWith("state.json.unreadable-"))
              .map(
                  f -> {
                    try {
                      return Files.readString(f);
                    } catch (java.io.IOException e) {
                      throw new java.io.UncheckedIOException(e);
                    }
                  })
              .toList());
    }
    cluster.startDaemon();
    assertEquals(true, ((Map<?, ?>) cluster.get("/1/paused")).get("paused"), "the export's state");
  }

  @Test
  void aFileThatIsNoStateIsRefusedAndNothingIsImported() throws Exception {
    cluster.stopDaemon();
    Path junk = tmp.resolve("junk.json");
    Files.writeString(junk, "{\"schema\": 3, \"serial_no\": \"seven\"}");
    String before = Files.readString(tmp.resolve("state/state.json"));
    StartupException e = assertThrows(StartupException.class, () -> transfer().importFrom(junk));
    assertEquals(ExitCodes.FAILURE, e.exitCode());
    assertTrue(e.getMessage().startsWith(junk + " is not a maintd state ("), e.getMessage());
    assertTrue(e.getMessage().endsWith("nothing was imported"), e.getMessage());
    assertEquals(before, Files.readString(tmp.resolve("state/state.json")));
    cluster.startDaemon();
  }
}
