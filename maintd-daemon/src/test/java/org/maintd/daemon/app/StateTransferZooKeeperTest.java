package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.maintd.daemon.app.StateTransferTest.goodState;
import static org.maintd.daemon.app.StateTransferTest.maintd;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.daemon.app.StateTransferTest.Run;
import org.maintd.daemon.testing.WrittenStates;
import org.maintd.daemon.testing.ZooKeeperCredentials;
import org.maintd.protocol.state.StateCodec;
import org.maintd.spi.MaintdState;

/**
 * {@code maintd --import-state} into ZooKeeper (a real server, maintd's digest ACLs), as the
 * command line runs it: a file that is no complete state is refused and the stored state stays; a
 * good import keeps the state it replaces in the state directory, as a state file that imports
 * back.
 */
class StateTransferZooKeeperTest {
  private final StateCodec codec = new StateCodec();

  @TempDir Path tmp;
  private TestingServer server;

  @BeforeEach
  void start() throws Exception {
    server = new TestingServer(true);
  }

  @AfterEach
  void stop() throws Exception {
    server.close();
  }

  private String config() throws Exception {
    Path file = tmp.resolve("maintd.yaml");
    Files.writeString(
        file,
        "node: n1\nstateDir: "
            + tmp.resolve("state")
            + "\nstore: zookeeper\nzookeeper:\n  connect: "
            + server.getConnectString()
            + "\n  credentialsFile: "
            + ZooKeeperCredentials.in(tmp)
            + "\n  connectionTimeout: 10s\n");
    return file.toString();
  }

  private Path write(String name, byte[] bytes) throws Exception {
    Path file = tmp.resolve(name);
    Files.write(file, bytes);
    return file;
  }

  /** The state stored in ZooKeeper, as maintd exports it. */
  private MaintdState stored() throws Exception {
    Path export = tmp.resolve("export.json");
    Run run = maintd("-c", config(), "--export-state", export.toString());
    assertEquals(ExitCodes.OK, run.code(), run.toString());
    return codec.read(Files.readAllBytes(export));
  }

  private List<Path> kept() throws Exception {
    try (var files = Files.list(tmp.resolve("state"))) {
      return files
          .filter(f -> f.getFileName().toString().startsWith("replaced-state-"))
          .sorted()
          .toList();
    }
  }

  /** Imports the good state (serial 1129) where none was stored; it becomes epoch 1. */
  private void importTheGoodState() throws Exception {
    Path good = write("good.json", goodState());
    assertEquals(
        new Run(
            ExitCodes.OK,
            "maintd: imported "
                + good
                + " (serial 1129) into ZooKeeper /maintd/state under leader epoch 1; a running"
                + " leader is fenced off and the daemons go on from it; no state was stored"
                + " before\n",
            ""),
        maintd("-c", config(), "--import-state", good.toString()));
  }

  @Test
  void anImportOfOnlyASchemaIsRefusedAndTheStoredStateStays() throws Exception {
    importTheGoodState();
    Path schemaOnly = write("schema-only.json", "{\"schema\":3}".getBytes(StandardCharsets.UTF_8));

    assertRefused(
        maintd("-c", config(), "--import-state", schemaOnly.toString()),
        "maintd: "
            + schemaOnly
            + " is not a complete maintd state ("
            + StateTransferTest.SCHEMA_3_LACKS
            + "): nothing was imported");
  }

  /** {@code run} was refused with {@code line}, and the good state stays, nothing kept. */
  private void assertRefused(Run run, String line) throws Exception {
    assertEquals(new Run(ExitCodes.FAILURE, "", line + "\n"), run);
    assertEquals(codec.read(goodState()), stored());
    assertEquals(List.of(), kept());
  }

  @Test
  void anImportOfANewerSchemaIsRefusedAndTheStoredStateStays() throws Exception {
    importTheGoodState();
    Path newer = write("newer.json", WrittenStates.newer());

    assertRefused(
        maintd("-c", config(), "--import-state", newer.toString()),
        "maintd: cannot import "
            + newer
            + ": it was "
            + WrittenStates.NEWER_SAID
            + ": nothing was imported");
  }

  @Test
  void aGoodImportKeepsTheStateItReplacedAsAStateFileThatImportsBack() throws Exception {
    importTheGoodState();
    Path other =
        write(
            "other.json",
            codec.write(MaintdState.initial(Instant.EPOCH).withSerial(12)).getBytes());

    Run run = maintd("-c", config(), "--import-state", other.toString());

    Path copy = kept().get(0);
    assertEquals(
        new Run(
            ExitCodes.OK,
            "maintd: imported "
                + other
                + " (serial 12) into ZooKeeper /maintd/state under leader epoch 2; a running"
                + " leader is fenced off and the daemons go on from it; the state it replaced"
                + " (serial 1129) is kept in "
                + copy
                + "\n",
            ""),
        run);
    assertEquals(copy.getFileName().toString().replaceAll("[0-9]+", "N"), "replaced-state-N.json");
    assertEquals(12, stored().serial());
    assertEquals(codec.read(goodState()), codec.read(Files.readAllBytes(copy)));

    assertEquals(ExitCodes.OK, maintd("-c", config(), "--import-state", copy.toString()).code());
    assertEquals(codec.read(goodState()), stored(), "the kept copy imports back");
  }
}
