package org.maintd.daemon.app;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.daemon.testing.WrittenStates;
import org.maintd.protocol.state.StateCodec;
import org.maintd.spi.MaintdState;
import picocli.CommandLine;

/**
 * {@code maintd --export-state} and {@code --import-state} with the file store, as the command line
 * runs them: a back-up taken while the daemon runs; refused imports, each with its line and exit
 * code (a file that is no state, no complete one, not JSON text, missing; a daemon that holds the
 * state), which change nothing; and imports that keep what they replace, readable or not. The same
 * with ZooKeeper is in {@link StateTransferZooKeeperTest}.
 */
class StateTransferTest {
  static final String SCHEMA_3_LACKS =
      "schema 3: it lacks roundDelay (a number), jobs (an array), balance (a boolean),"
          + " balanceThreshold (a number), evacuated (an array), incidents (an array),"
          + " ctime (a number), mtime (a number), serial_no (a number), intents (an array),"
          + " paused (a boolean), pause_reason (a string), round (a number), campaigns (an array),"
          + " machines (an array), storm_armed (a boolean), collectors (an object)";

  @TempDir Path tmp;

  /** What one run of maintd printed on each stream, and its exit code. */
  record Run(int code, String out, String err) {}

  /** Runs maintd's command line in this process with {@code args}. */
  static Run maintd(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = new CommandLine(new DaemonMain());
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    int code = cli.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  /** A state of serial 1129 holding a completed and a failed incident and a finished campaign. */
  static byte[] goodState() throws Exception {
    try (var in = StateTransferTest.class.getResourceAsStream("/states/completed-incident.json")) {
      return in.readAllBytes();
    }
  }

  private Path config() throws Exception {
    Path file = tmp.resolve("maintd.yaml");
    Files.writeString(file, "node: n1\nstateDir: " + tmp.resolve("state") + "\n");
    return file;
  }

  private Path stateFile() {
    return tmp.resolve("state/state.json");
  }

  private Path write(String name, byte[] bytes) throws Exception {
    Path file = tmp.resolve(name);
    Files.write(file, bytes);
    return file;
  }

  /** The files beside the state file whose names start with {@code prefix}. */
  private List<Path> beside(String prefix) throws Exception {
    try (var files = Files.list(tmp.resolve("state"))) {
      return files.filter(f -> f.getFileName().toString().startsWith(prefix)).sorted().toList();
    }
  }

  private void assertRefused(Run run, String line) throws Exception {
    assertEquals(new Run(ExitCodes.FAILURE, "", line + "\n"), run);
    assertArrayEquals(goodState(), Files.readAllBytes(stateFile()), "the state is as it was");
    assertEquals(List.of(), beside("state.json."), "nothing was kept: nothing was replaced");
  }

  @Test
  void anImportOfOnlyASchemaIsRefusedNamingWhatItLacks() throws Exception {
    Files.createDirectories(stateFile().getParent());
    Files.write(stateFile(), goodState());
    Path schemaOnly = write("schema-only.json", "{\"schema\":3}".getBytes(StandardCharsets.UTF_8));

    assertRefused(
        maintd("-c", config().toString(), "--import-state", schemaOnly.toString()),
        "maintd: "
            + schemaOnly
            + " is not a complete maintd state ("
            + SCHEMA_3_LACKS
            + "): nothing was imported");
  }

  @Test
  void aFileThatIsNotJsonTextOrNoStateOrMissingIsRefusedSayingSo() throws Exception {
    Files.createDirectories(stateFile().getParent());
    Files.write(stateFile(), goodState());
    String config = config().toString();
    Path random = write("random.bin", new byte[] {(byte) 0xf2, (byte) 0x8f, 0x11, 0x00});
    Path junk = write("junk.json", "{\"schema\": 3, \"serial_no\": \"seven\"}".getBytes());
    Path missing = tmp.resolve("missing.json");

    assertRefused(
        maintd("-c", config, "--import-state", random.toString()),
        "maintd: cannot import "
            + random
            + ": it is not JSON text (Invalid UTF-8 middle byte 0x11 (line 1, column 4))");
    assertRefused(
        maintd("-c", config, "--import-state", junk.toString()),
        "maintd: "
            + junk
            + " is not a maintd state (state: field 'serial_no' cannot be read: Cannot deserialize"
            + " value of type `long` from String \"seven\": not a valid `long` value): nothing was"
            + " imported");
    assertRefused(
        maintd("-c", config, "--import-state", missing.toString()),
        "maintd: cannot import " + missing + ": no such file");
  }

  @Test
  void aGoodImportKeepsTheStateItReplacedWhichImportsBack() throws Exception {
    Files.createDirectories(stateFile().getParent());
    Files.write(stateFile(), goodState());
    Path other =
        write(
            "other.json",
            new StateCodec()
                .write(MaintdState.initial(java.time.Instant.EPOCH).withSerial(12))
                .getBytes(StandardCharsets.UTF_8));

    Run run = maintd("-c", config().toString(), "--import-state", other.toString());

    Path kept = beside("state.json.replaced-").get(0);
    assertEquals(
        new Run(
            ExitCodes.OK,
            "maintd: imported "
                + other
                + " (serial 12) into state file "
                + stateFile()
                + "; the state it replaced (serial 1129) is kept in "
                + kept
                + "\n",
            ""),
        run);
    assertArrayEquals(goodState(), Files.readAllBytes(kept));
    assertEquals(12, new StateCodec().read(Files.readAllBytes(stateFile())).serial());

    assertEquals(ExitCodes.OK, maintd("-c", config().toString(), "--import-state", "" + kept).code);
    assertEquals(
        new StateCodec().read(goodState()),
        new StateCodec().read(Files.readAllBytes(stateFile())),
        "the kept copy imports back");
  }

  @Test
  void forceImportsAStateThatLacksFieldsAtTheirDefaultsStillKeepingWhatItReplaced()
      throws Exception {
    Files.createDirectories(stateFile().getParent());
    Files.write(stateFile(), goodState());
    Path schemaOnly = write("schema-only.json", "{\"schema\":3}".getBytes(StandardCharsets.UTF_8));

    Run run = maintd("-c", config().toString(), "--import-state", "" + schemaOnly, "--force");

    assertEquals(ExitCodes.OK, run.code(), run.toString());
    assertTrue(
        run.out()
            .endsWith(
                "; the state it replaced (serial 1129) is kept in "
                    + beside("state.json.replaced-").get(0)
                    + "\n"),
        run.out());
    assertEquals(0, new StateCodec().read(Files.readAllBytes(stateFile())).serial());
    assertEquals(
        new Run(
            ExitCodes.FAILURE,
            "",
            "maintd: cannot import " + tmp.resolve("x") + ": no such" + " file\n"),
        maintd("-c", config().toString(), "--import-state", "" + tmp.resolve("x"), "--force"),
        "--force still needs a file that is a maintd state");
  }

  @Test
  void anImportOfANewerSchemaIsRefusedInOneLineNamingBothSchemasForcedOrNot() throws Exception {
    Files.createDirectories(stateFile().getParent());
    Files.write(stateFile(), goodState());
    Path newer = write("newer.json", WrittenStates.newer());
    String line =
        "maintd: cannot import "
            + newer
            + ": it was "
            + WrittenStates.NEWER_SAID
            + ": nothing was imported";

    assertRefused(maintd("-c", config().toString(), "--import-state", "" + newer), line);
    assertRefused(maintd("-c", config().toString(), "--import-state", "" + newer, "--force"), line);
  }

  /** An export of any release, from the first state file on, imports as it is. */
  @ParameterizedTest(name = "schema {0}")
  @ValueSource(ints = {1, 2, 3, 4, 5, 6, 7})
  void theStateTheDaemonOfEachSchemaWroteImports(int schema) throws Exception {
    Path old = write("old.json", WrittenStates.of(schema));
    long serial = new StateCodec().read(WrittenStates.of(schema)).serial();

    assertEquals(
        new Run(
            ExitCodes.OK,
            "maintd: imported "
                + old
                + " (serial "
                + serial
                + ") into state file "
                + stateFile()
                + "; no state was stored before\n",
            ""),
        maintd("-c", config().toString(), "--import-state", old.toString()));
    assertEquals(
        new StateCodec().read(WrittenStates.of(schema)),
        new StateCodec().read(Files.readAllBytes(stateFile())));
  }

  @Test
  void forceWithoutAnImportIsAUsageError() throws Exception {
    assertEquals(
        new Run(ExitCodes.USAGE, "", "maintd: --force goes with --import-state\n"),
        maintd("-c", config().toString(), "--export-state", "" + tmp.resolve("x"), "--force"));
  }

  @Test
  void anImportOverAnUnreadableStateKeepsItsBytes() throws Exception {
    Files.createDirectories(stateFile().getParent());
    Files.writeString(stateFile(), "{ not a state");
    Path good = write("good.json", goodState());

    Run run = maintd("-c", config().toString(), "--import-state", good.toString());

    Path kept = beside("state.json.unreadable-").get(0);
    assertEquals(
        new Run(
            ExitCodes.OK,
            "maintd: imported "
                + good
                + " (serial 1129) into state file "
                + stateFile()
                + "; the unreadable state it replaced is kept in "
                + kept
                + " (the file as it was)\n",
            ""),
        run);
    assertEquals("{ not a state", Files.readString(kept));
  }

  @Test
  void anExportTakenWhileTheDaemonRunsImportsOnceTheDaemonIsStopped() throws Exception {
    try (TestCluster cluster = new TestCluster(tmp).startDaemon()) {
      cluster.awaitTicks(1);
      assertEquals(200, cluster.signedPost("/1/pause", "").statusCode());
      StateTransfer transfer = new StateTransfer(cluster.config(), Clock.systemUTC());
      Path backup = tmp.resolve("backup.json");
      String said = transfer.exportTo(backup);
      assertTrue(said.startsWith("exported the state of state file "), said);
      assertTrue(new StateCodec().read(Files.readString(backup)).paused());

      StartupException held =
          assertThrows(StartupException.class, () -> transfer.importFrom(backup, false));
      assertEquals(ExitCodes.FAILURE, held.exitCode());
      assertEquals(
          "state file "
              + stateFile()
              + " is in use by another maintd process (stop maintd before importing a state"
              + " file): nothing was imported",
          held.getMessage());

      cluster.stopDaemon();
      assertTrue(transfer.importFrom(backup, false).contains("; the state it replaced"));
      cluster.startDaemon();
      assertEquals(true, ((Map<?, ?>) cluster.get("/1/paused")).get("paused"), "the export's");
    }
  }
}
