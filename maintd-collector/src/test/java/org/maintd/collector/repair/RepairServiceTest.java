package org.maintd.collector.repair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.collector.exec.Scripts;
import org.maintd.exec.CommandRunner;
import org.maintd.exec.Whitelist;
import org.maintd.protocol.repair.RepairRequest;
import org.maintd.protocol.repair.RepairResult;

/**
 * At most once per incident, with real scripts: across requests, restarts, and a results directory
 * that cannot be written.
 */
class RepairServiceTest {
  @TempDir Path tmp;

  private Path whitelist;
  private Path runs;

  @BeforeEach
  void scripts() throws Exception {
    whitelist = Scripts.directory(tmp, "repair");
    runs = tmp.resolve("runs");
    Scripts.script(whitelist, "fix", "cat > /dev/null; echo run >> " + runs + "; echo fixed");
  }

  private RepairService service(Path results) {
    return new RepairService(
        "n1",
        new Whitelist(whitelist),
        new CommandRunner(65536),
        Duration.ofSeconds(10),
        results,
        Clock.systemUTC());
  }

  private static RepairRequest request(UUID incident) {
    return new RepairRequest(
        incident, "n1", "fix", Map.of("status", "live-repair", "command", "fix"));
  }

  private List<String> runs() throws Exception {
    return Files.exists(runs) ? Files.readAllLines(runs) : List.of();
  }

  @Test
  void whenTheOutcomeCannotBeRecordedTheCommandDoesNotRun() throws Exception {
    Path notADirectory = tmp.resolve("results");
    Files.writeString(notADirectory, "a file where the results directory should be");
    RepairService repairs = service(notADirectory.resolve("n1"));
    UUID id = UUID.randomUUID();
    for (int i = 0; i < 2; i++) {
      ResultsUnwritable e =
          org.junit.jupiter.api.Assertions.assertThrows(
              ResultsUnwritable.class, () -> repairs.repair(request(id)));
      assertTrue(
          e.getMessage().startsWith("the repair results in " + notADirectory.resolve("n1")),
          e.getMessage());
      assertTrue(e.getMessage().contains("cannot be read ("), e.getMessage());
      assertTrue(e.getMessage().endsWith("so the command was not run: ask again once they can"));
    }
    assertEquals(List.of(), runs(), "never ran");
    Files.delete(notADirectory);
    assertTrue(repairs.repair(request(id)).succeeded(), "asked again once it can be recorded");
    assertEquals(List.of("run"), runs());
  }

  @Test
  void aCommandStartedBeforeARestartWhoseOutcomeWasLostIsNotRunAgain() throws Exception {
    UUID id = UUID.randomUUID();
    Path results = tmp.resolve("results");
    Files.createDirectories(results);
    Files.writeString(
        results.resolve(id + ".started"),
        "{\"incident\": \""
            + id
            + "\", \"command\": \"fix\","
            + " \"original\": {\"status\": \"live-repair\", \"command\": \"fix\"}, \"started\": \"2026-11-23T10:00:00Z\"}");
    RepairResult r = service(results).repair(request(id));
    assertFalse(r.succeeded());
    assertEquals(
        "the command was started at 2026-11-23T10:00:00Z but its outcome was not recorded (the collector"
            + " stopped while it ran); it is not run again",
        r.error());
    assertEquals(List.of(), runs());
  }

  @Test
  void aCommandRunsOnceAndItsOutcomeOutlivesTheCollector() throws Exception {
    UUID id = UUID.randomUUID();
    Path results = tmp.resolve("results");
    RepairResult first = service(results).repair(request(id));
    assertTrue(first.succeeded(), String.valueOf(first.error()));
    assertEquals("n1", first.node());
    RepairResult again = service(results).repair(request(id));
    assertTrue(again.replayed());
    assertEquals("fixed\n", again.output());
    assertEquals(List.of("run"), runs());
    assertTrue(
        Files.exists(results.resolve(id + ".started"))
            && Files.exists(results.resolve(id + ".json")));
    org.maintd.protocol.repair.RepairRecords records = service(results).records();
    assertEquals("n1", records.node());
    org.maintd.protocol.repair.RepairRecords.Entry record = records.repairs().get(0);
    assertEquals(id.toString(), record.incident());
    assertEquals(Map.of("status", "live-repair", "command", "fix"), record.original());
    assertEquals(0, record.outcome().exitCode());
  }

  @Test
  void aRefusedCommandIsNotRecordedSoAFixedWhitelistLetsItRun() throws Exception {
    UUID id = UUID.randomUUID();
    Path results = tmp.resolve("results");
    Scripts.mode(whitelist.resolve("fix"), "rw-r--r--");
    RepairResult refused = service(results).repair(request(id));
    assertTrue(refused.error().contains("is not executable"), refused.error());
    Scripts.mode(whitelist.resolve("fix"), "rwxr-xr-x");
    assertTrue(service(results).repair(request(id)).succeeded());
    assertEquals(List.of("run"), runs());
  }

  @Test
  void aRecordThatCannotBeReadIsListedWithItsFileAndReasonBesideTheOthers() throws Exception {
    Path results = tmp.resolve("results");
    UUID good = UUID.fromString("00000000-0000-0000-0000-000000000001");
    UUID badOutcome = UUID.fromString("00000000-0000-0000-0000-000000000002");
    UUID badClaim = UUID.fromString("00000000-0000-0000-0000-000000000003");
    for (UUID id : List.of(good, badOutcome)) {
      assertTrue(service(results).repair(request(id)).succeeded());
    }
    Files.writeString(
        results.resolve(badOutcome + ".json"), "{\"status\": \"exploded\", \"exit_code\": 0}");
    Files.writeString(results.resolve(badClaim + ".started"), "not json");

    List<org.maintd.protocol.repair.RepairRecords.Entry> all = service(results).records().repairs();
    assertEquals(3, all.size(), all.toString());
    assertEquals(null, all.get(0).unreadable());
    assertEquals(0, all.get(0).outcome().exitCode());
    assertTrue(
        all.get(1).unreadable().contains(badOutcome + ".json is not a repair result"),
        all.get(1).unreadable());
    assertEquals(Map.of("status", "live-repair", "command", "fix"), all.get(1).original());
    assertTrue(
        all.get(2).unreadable().contains(badClaim + ".started is not a repair claim"),
        all.get(2).unreadable());
    RepairResult again = service(results).repair(request(badClaim));
    assertFalse(again.succeeded(), "a claim that cannot be read is never run again");
    assertEquals(List.of("run", "run"), runs());
  }
}
