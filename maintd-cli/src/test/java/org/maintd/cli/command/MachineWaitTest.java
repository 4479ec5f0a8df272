package org.maintd.cli.command;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.maintd.cli.client.ApiClient;
import org.maintd.cli.client.ScriptedDaemon;
import org.maintd.cli.client.ScriptedDaemon.Answer;
import org.maintd.cli.wait.Look;

/**
 * The looks of a {@code down}: the first says what maintd accepted even when a round already
 * planned the machine (a fast round raced the command's first look), the plan's word follows, and
 * the machine's arrival ends the wait.
 */
class MachineWaitTest {
  private static final String ACCEPTED =
      "DOWN once 1 instance has moved (app1; declines overridden)";
  private static final Answer NO_NOTICES = Answer.ok("{\"notices\": []}");
  private static final Answer DRAINING =
      Answer.ok("[{\"name\": \"n3\", \"offline\": false, \"mode\": \"DRAIN\"}]");
  private static final Answer PLANNED =
      Answer.ok(
          "{\"time\": 101.0, \"round\": 7, \"items\": [{\"kind\": \"machine\", \"uuid\": \"n3\","
              + " \"next\": \"DRAIN, going DOWN: move 1 of 1 instances off n3\"}]}");
  private static final Answer DOWN =
      Answer.ok("[{\"name\": \"n3\", \"offline\": true, \"mode\": \"DOWN\"}]");

  @Test
  void theFirstLookSaysWhatWasAcceptedThenThePlansWordThenTheArrival() throws Exception {
    try (ScriptedDaemon daemon =
        new ScriptedDaemon(NO_NOTICES, DRAINING, NO_NOTICES, DRAINING, PLANNED, NO_NOTICES, DOWN)) {
      MachineWait wait = waitFor(daemon);

      assertEquals(new Look.Going<>("n3: " + ACCEPTED), wait.get());
      assertEquals(
          List.of("/1/maintenance/status", "/1/nodes?name=n3"),
          daemon.sent().stream().map(ScriptedDaemon.Sent::path).toList(),
          "the first look does not read the plan");
      assertEquals(
          new Look.Going<>("n3: DRAIN, going DOWN: move 1 of 1 instances off n3"), wait.get());
      Look<List<org.maintd.protocol.api.NodeView>> last = wait.get();
      assertEquals("n3: DOWN (offline)", last.line());
      assertEquals(Look.Done.class, last.getClass());
    }
  }

  @Test
  void aPlanMadeBeforeTheCommandIsNotItsWord() throws Exception {
    try (ScriptedDaemon daemon =
        new ScriptedDaemon(NO_NOTICES, DRAINING, NO_NOTICES, DRAINING, PLANNED)) {
      MachineWait wait =
          new MachineWait(
              client(daemon), Map.of("n3", ACCEPTED), n -> n.offline(), "DOWN (offline)", 102.0);
      wait.get();
      assertEquals(new Look.Going<>("n3: " + ACCEPTED), wait.get());
    }
  }

  private static MachineWait waitFor(ScriptedDaemon daemon) {
    return new MachineWait(
        client(daemon), Map.of("n3", ACCEPTED), n -> n.offline(), "DOWN (offline)", 100.0);
  }

  private static ApiClient client(ScriptedDaemon daemon) {
    return new ApiClient(
        daemon.url(), Optional.empty(), Optional.empty(), (Duration d) -> {}, note -> {});
  }
}
