package org.maintd.daemon.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.campaign.Campaign;
import org.maintd.campaign.CampaignMode;
import org.maintd.campaign.CampaignSpec;
import org.maintd.campaign.Campaigns;
import org.maintd.campaign.DailyWindow;
import org.maintd.campaign.Home;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeSelection;
import org.maintd.cluster.Cluster;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.htools.HtoolsReader;
import org.maintd.incident.Incident;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.machine.Machine;
import org.maintd.protocol.json.Json;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;
import org.maintd.spi.StoreException;
import org.maintd.spi.UnreadableStateException;

class FileStateStoreTest {
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000, 250_000_000);

  @TempDir Path dir;

  private MaintdState sample() {
    Incident inc =
        Incident.noted(
            UUID.randomUUID(),
            "node3",
            new DiagnoseParser()
                .parseCommandOutput(Map.of("status", "evacuate", "details", Map.of("disk", "sdb"))),
            NOW);
    JobSpec job =
        new JobSpec(
            "k-r1-1",
            inc.uuid().toString(),
            List.of(
                Operation.SetNodeFlags.drain("node3"),
                new Operation.Migrate("i1", "node3", "node4")),
            ReasonTrail.of("drain node3", "k-r1-1", 42L));
    return MaintdState.initial(NOW)
        .withIncidents(List.of(inc))
        .withJobs(List.of("7"), List.of(new Intent(job, "7")));
  }

  private static Campaign campaign() {
    Cluster c =
        new HtoolsReader()
            .read(
                String.join(
                    "\n",
                    "g|g-uuid|preferred||",
                    "",
                    "n1|8192|1024|7168|100000|90000|8|M|g-uuid|1||N|0|8|1.0",
                    "n2|8192|1024|6144|100000|80000|8|N|g-uuid|1||N|0|8|1.0",
                    "n3|8192|1024|7168|100000|90000|8|N|g-uuid|1||N|0|8|1.0",
                    "",
                    "a|1024|10000|1|running|Y|n2|n3|drbd||1|-|N",
                    "",
                    ""),
                "t");
    CampaignSpec spec =
        new CampaignSpec(
            NodeSelection.all(),
            CampaignMode.FULL_EVACUATION,
            1,
            Duration.ofSeconds(90),
            Duration.ofMinutes(7),
            List.of(DailyWindow.parse("22:00-04:30")));
    Campaign created = new Campaigns().create("c-1", spec, c, NOW);
    return created
        .withNode(created.progress("n2").to(NodePhase.BOOT, NOW).withBootId("b-1"))
        .withHomes(List.of(new Home("a", "n2", true)))
        .withNext("waiting for n2");
  }

  @Test
  void campaignsAreStoredAndReadBackWhole() throws Exception {
    MaintdState state = sample().withCampaigns(List.of(campaign()));
    try (FileStateStore store = new FileStateStore(dir.resolve("state.json"))) {
      store.load(NOW);
      MaintdState saved = store.save(state.nextVersion(NOW));
      assertEquals(saved.campaigns(), store.load(NOW).campaigns());
    }
    try (FileStateStore again = new FileStateStore(dir.resolve("state.json"))) {
      assertEquals(List.of(campaign()), again.load(NOW).campaigns(), "read back after a restart");
    }
  }

  @Test
  void machinesTakenOutOfServiceAreStoredAndAnOlderFileWithoutThemReadsAsNone() throws Exception {
    Machine taken = new Machine("n2", NOW, "4e0c1d2a-0000-0000-0000-000000000001", "drain n2 [k]");
    try (FileStateStore store = new FileStateStore(dir.resolve("state.json"))) {
      store.load(NOW);
      store.save(sample().withMachines(List.of(taken)).nextVersion(NOW));
    }
    try (FileStateStore again = new FileStateStore(dir.resolve("state.json"))) {
      assertEquals(List.of(taken), again.load(NOW).machines());
    }
    Path old = dir.resolve("old.json");
    Files.writeString(
        old,
        "{\"roundDelay\": 0, \"jobs\": [], \"balance\": false, \"balanceThreshold\": 0.1, \"evacuated\": [],"
            + " \"incidents\": [], \"ctime\": 1, \"mtime\": 1, \"serial_no\": 3, \"intents\": [], \"paused\": false, \"round\": 0}");
    try (FileStateStore store = new FileStateStore(old)) {
      assertEquals(List.of(), store.load(NOW).machines());
    }
  }

  @Test
  void aBadCampaignInTheStateFileNamesTheField() throws Exception {
    Path file = dir.resolve("state.json");
    Files.writeString(
        file,
        "{\"roundDelay\": 0, \"jobs\": [], \"balance\": false, \"balanceThreshold\": 0.1, \"evacuated\": [],"
            + " \"incidents\": [], \"ctime\": 1, \"mtime\": 1, \"serial_no\": 3, \"intents\": [], \"paused\": false, \"round\": 0,"
            + " \"campaigns\": [{\"id\": \"c\", \"status\": \"sleeping\"}]}");
    try (FileStateStore store = new FileStateStore(file)) {
      StoreException e = assertThrows(StoreException.class, () -> store.load(NOW));
      assertTrue(
          e.getMessage().contains("field 'campaigns[0].status' cannot be read"), e.getMessage());
    }
    assertTrue(Files.readString(file).contains("sleeping"), "the file is left as it was");
  }

  @Test
  void writesAndReadsBackEverythingInGanetisFieldNames() throws Exception {
    Path file = dir.resolve("state.json");
    MaintdState saved;
    try (FileStateStore store = new FileStateStore(file)) {
      store.load(NOW);
      saved = store.save(sample().nextVersion(NOW));
    }
    Map<?, ?> json = (Map<?, ?>) Json.parse(Files.readString(file));
    assertEquals(1L, json.get("serial_no"));
    Map<?, ?> incident = (Map<?, ?>) ((List<?>) json.get("incidents")).get(0);
    assertEquals("noted", incident.get("repair-status"));
    assertEquals("evacuate", incident.get("action"));
    assertEquals(incident.get("uuid"), incident.get("id"));
    try (FileStateStore store = new FileStateStore(file)) {
      MaintdState loaded = store.load(NOW);
      assertEquals(saved.incidents(), loaded.incidents());
      assertEquals(saved.intents(), loaded.intents());
      assertEquals(saved.jobs(), loaded.jobs());
      assertEquals(saved.mtime(), loaded.mtime());
    }
  }

  @Test
  void refusesAWriteThatDoesNotFollowTheStoredSerial() {
    try (FileStateStore store = new FileStateStore(dir.resolve("state.json"))) {
      MaintdState s = store.load(NOW);
      store.save(s.nextVersion(NOW));
      StoreException e = assertThrows(StoreException.class, () -> store.save(s.nextVersion(NOW)));
      assertTrue(e.getMessage().contains("does not follow the stored 1"), e.getMessage());
    }
  }

  @Test
  void aCorruptStateFileStopsWithAMessageAndIsNeverOverwritten() throws Exception {
    Path file = dir.resolve("state.json");
    Files.writeString(file, "{\"incidents\": [{\"uuid\": ");
    try (FileStateStore store = new FileStateStore(file)) {
      StoreException e = assertThrows(StoreException.class, () -> store.load(NOW));
      assertTrue(e.getMessage().contains("is corrupt"), e.getMessage());
      assertTrue(e.getMessage().contains("will not overwrite it"), e.getMessage());
      assertThrows(
          StoreException.class, () -> store.save(MaintdState.initial(NOW).nextVersion(NOW)));
    }
    assertEquals("{\"incidents\": [{\"uuid\": ", Files.readString(file));
  }

  @Test
  void aStateFileWithAWrongFieldNamesIt() throws Exception {
    Path file = dir.resolve("state.json");
    Files.writeString(
        file,
        "{\"roundDelay\": 0, \"balanceThreshold\": 0.1, \"ctime\": 1, \"mtime\": 1, \"serial_no\": \"three\", \"round\": 0}");
    try (FileStateStore store = new FileStateStore(file)) {
      StoreException e = assertThrows(StoreException.class, () -> store.load(NOW));
      assertTrue(e.getMessage().contains("field 'serial_no' cannot be read"), e.getMessage());
    }
  }

  @Test
  void aSecondStoreOnTheSameFileIsRefused() {
    try (FileStateStore first = new FileStateStore(dir.resolve("state.json"))) {
      StoreException e =
          assertThrows(StoreException.class, () -> new FileStateStore(dir.resolve("state.json")));
      assertTrue(e.getMessage().contains("in use by another maintd process"), e.getMessage());
    }
  }

  @Test
  void leavesNoTemporaryFilesBehind() throws Exception {
    try (FileStateStore store = new FileStateStore(dir.resolve("state.json"))) {
      MaintdState s = store.load(NOW);
      for (int i = 0; i < 5; i++) {
        s = store.save(s.nextVersion(NOW));
      }
    }
    try (var files = Files.list(dir)) {
      assertEquals(
          List.of("state.json", "state.json.lock"),
          files.map(p -> p.getFileName().toString()).sorted().toList());
    }
  }

  /** A state of serial 1129 holding a completed and a failed incident and a finished campaign. */
  private static byte[] goodState() throws Exception {
    try (var in = FileStateStoreTest.class.getResourceAsStream("/states/completed-incident.json")) {
      return in.readAllBytes();
    }
  }

  @Test
  void aStateFileWithAnUnknownRepairStatusIsUnreadableNamingTheFieldAndTheValue() throws Exception {
    Path file = dir.resolve("state.json");
    String text = new String(goodState(), java.nio.charset.StandardCharsets.UTF_8);
    Files.writeString(
        file, text.replace("\"repair-status\" : \"failed\"", "\"repair-status\" : \"mended\""));
    try (FileStateStore store = new FileStateStore(file)) {
      UnreadableStateException e =
          assertThrows(UnreadableStateException.class, () -> store.load(NOW));
      assertEquals(
          "it is corrupt (state: field 'incidents[1].repair-status' cannot be read: unknown value"
              + " 'mended' (maintd knows noted, pending, canceled, failed, completed)); maintd will"
              + " not overwrite it: import a good one (maintd --import-state FILE), or move it away"
              + " and start with --recover",
          e.reason());
    }
  }

  @Test
  void bytesThatAreNotUtf8AreAnUnreadableStateNotAFailingDisk() throws Exception {
    Path file = dir.resolve("state.json");
    Files.write(file, new byte[] {(byte) 0xf2, (byte) 0x8f, 0x11, 0x00});
    try (FileStateStore store = new FileStateStore(file)) {
      UnreadableStateException e =
          assertThrows(UnreadableStateException.class, () -> store.load(NOW));
      assertTrue(
          e.reason()
              .startsWith(
                  "it is corrupt (not valid JSON: Invalid UTF-8 middle byte 0x11 (line 1, column"
                      + " 4));"),
          e.reason());
    }
  }

  @Test
  void anImportKeepsTheReadableStateItReplacesByteForByteAndItImportsBack() throws Exception {
    Path file = dir.resolve("state.json");
    byte[] good = goodState();
    Files.write(file, good);
    Replaced replaced;
    try (FileStateStore store = new FileStateStore(file)) {
      replaced = store.importState(MaintdState.initial(NOW), NOW);
      assertEquals(0, store.load(NOW).serial());
    }
    Path copy = dir.resolve("state.json.replaced-" + NOW.toEpochMilli());
    assertEquals(new Replaced.Readable(1129, copy), replaced);
    assertEquals("the state it replaced (serial 1129) is kept in " + copy, replaced.said());
    org.junit.jupiter.api.Assertions.assertArrayEquals(good, Files.readAllBytes(copy));

    try (FileStateStore store = new FileStateStore(file)) {
      store.importState(
          new org.maintd.protocol.state.StateCodec().read(Files.readAllBytes(copy)),
          NOW.plusMillis(1));
      assertEquals(1129, store.load(NOW).serial());
      assertEquals(
          List.of("completed", "failed"),
          store.load(NOW).incidents().stream().map(i -> i.status().wireName()).toList());
    }
  }

  @Test
  void anImportOverAnUnreadableFileKeepsItsBytes() throws Exception {
    Path file = dir.resolve("state.json");
    byte[] garbage = {(byte) 0xf2, (byte) 0x8f, 0x11, 0x00};
    Files.write(file, garbage);
    try (FileStateStore store = new FileStateStore(file)) {
      Replaced replaced = store.importState(MaintdState.initial(NOW), NOW);
      Path copy = dir.resolve("state.json.unreadable-" + NOW.toEpochMilli());
      assertEquals(new Replaced.Unreadable(copy, "the file as it was"), replaced);
      org.junit.jupiter.api.Assertions.assertArrayEquals(garbage, Files.readAllBytes(copy));
    }
  }

  @Test
  void anImportOverNoStateSaysSo() throws Exception {
    try (FileStateStore store = new FileStateStore(dir.resolve("state.json"))) {
      assertEquals(new Replaced.Nothing(), store.importState(MaintdState.initial(NOW), NOW));
    }
  }

  @Test
  void anImportThatCannotKeepWhatItReplacesWritesNothing() throws Exception {
    Path file = dir.resolve("state.json");
    byte[] good = goodState();
    Files.write(file, good);
    Path copy = dir.resolve("state.json.replaced-" + NOW.toEpochMilli());
    Files.createDirectory(copy);
    try (FileStateStore store = new FileStateStore(file)) {
      StoreException e =
          assertThrows(
              StoreException.class, () -> store.importState(MaintdState.initial(NOW), NOW));
      assertEquals(
          "cannot keep state file " + file + " in " + copy + ": it exists", e.getMessage());
    }
    org.junit.jupiter.api.Assertions.assertArrayEquals(good, Files.readAllBytes(file));
  }

  @Test
  void instanceHealthIsStoredAndReadBackAfterARestart() throws Exception {
    org.maintd.health.InstanceHealth health =
        new org.maintd.health.InstanceHealth(
            java.util.Map.of(
                "web1",
                new org.maintd.health.HealthRecord(
                    new org.maintd.health.Tries(6, NOW),
                    org.maintd.health.Tries.NONE,
                    java.util.Optional.of(NOW),
                    java.util.Optional.empty())),
            java.util.Map.of("n2", "b0e4c5a7"),
            java.util.Map.of("db1", "its secondary node n2 rebooted"));
    try (FileStateStore store = new FileStateStore(dir.resolve("state.json"))) {
      store.load(NOW);
      store.save(sample().withHealth(health).nextVersion(NOW));
    }
    try (FileStateStore again = new FileStateStore(dir.resolve("state.json"))) {
      assertEquals(health, again.load(NOW).health(), "read back after a restart");
    }
  }
}
