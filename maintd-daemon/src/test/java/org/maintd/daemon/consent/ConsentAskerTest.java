package org.maintd.daemon.consent;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maintd.cluster.Cluster;
import org.maintd.htools.HtoolsReader;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.Consent;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;
import org.maintd.round.ConsentPoll;
import org.maintd.spi.MaintdState;

/**
 * Consent commands as real processes: each gets the instance and its window on stdin; an accept, a
 * decline with its reason and when to ask again, and the answers that count as unknown (a command
 * that hangs past its time limit, exits non-zero, or prints garbage), none of which holds up the
 * poll that asked.
 */
class ConsentAskerTest {
  static final Instant NOW = Instant.parse("2027-03-01T01:00:00Z");

  @TempDir Path tmp;
  ConsentAsker asker;

  @AfterEach
  void stop() {
    if (asker != null) {
      asker.close();
    }
  }

  private Path commands() throws Exception {
    Path dir = Files.createDirectories(tmp.resolve("consent-commands"));
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    return dir;
  }

  private static void script(Path dir, String name, String body) throws Exception {
    Path f = dir.resolve(name);
    Files.writeString(f, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  static Cluster cluster() {
    String text =
        String.join(
                "\n",
                "default|g-uuid|preferred||",
                "",
                "n1|16384|1024|15360|200000|200000|8|M|g-uuid|1||N|0|8|1.0",
                "n2|16384|1024|11264|200000|160000|8|Y|g-uuid|1||N|0|8|1.0",
                "",
                "web|1024|0|1|running|Y|n2||sharedfile||1|-|N",
                "db|2048|0|2|running|Y|n2||sharedfile||1|-|N",
                "",
                "",
                "")
            + "\n";
    return new HtoolsReader().read(text, "t");
  }

  static MaintdState draining() {
    Window w =
        new Window(
            List.of(MachineId.of("n2")),
            NOW.plusSeconds(3600).getEpochSecond() * 1_000_000_000L,
            OptionalLong.of(3_600_000_000_000L),
            false,
            false);
    Maintenance m =
        Maintenance.empty()
            .withSchedule(new Schedule(List.of(w)))
            .withMode(new MaintenanceMode("n2", MachineMode.DRAIN, NOW, "test"));
    return MaintdState.initial(NOW).withMaintenance(m);
  }

  /**
   * One round of asking: the instances without an answer in {@code state} are asked; once every
   * command has ended, the answers are taken (with a state that has them, so nobody is asked
   * again).
   */
  private Map<String, Consent> answers(MaintdState state) {
    Map<String, Consent> all = new HashMap<>(asker.poll(state, cluster(), NOW).answers());
    await("the commands end")
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> asker.inFlight().isEmpty());
    Maintenance known = state.maintenance();
    for (String instance : List.of("web", "db")) {
      known =
          known.withConsent(
              new Consent(
                  instance, "n2", Consent.Answer.ACCEPT, "", NOW, Optional.empty(), "test"));
    }
    all.putAll(asker.poll(state.withMaintenance(known), cluster(), NOW).answers());
    return all;
  }

  @Test
  void acceptAndDeclineWithWhenToAskAgainTheInstanceAndWindowOnStdin() throws Exception {
    Path dir = commands();
    script(
        dir,
        "consent-db",
        "input=$(cat); echo \"$input\" > "
            + tmp.resolve("stdin-$$.json")
            + "\ncase \"$input\" in *'\"instance\":\"db\"'*)"
            + " echo '{\"consent\": \"decline\", \"reason\": \"backup running\", \"retry_after\": \"10m\"}';;"
            + " *) echo '{\"consent\": \"accept\"}';; esac");
    asker = new ConsentAsker(dir, Duration.ofSeconds(10), Clock.fixed(NOW, ZoneOffset.UTC));
    Map<String, Consent> got = answers(draining());
    assertEquals(
        new Consent(
            "web", "n2", Consent.Answer.ACCEPT, "", NOW, Optional.empty(), "command consent-db"),
        got.get("web"));
    assertEquals(
        new Consent(
            "db",
            "n2",
            Consent.Answer.DECLINE,
            "backup running",
            NOW,
            Optional.of(NOW.plusSeconds(600)),
            "command consent-db"),
        got.get("db"));
    String stdin;
    try (var files = Files.list(tmp).filter(p -> p.getFileName().toString().startsWith("stdin-"))) {
      stdin = Files.readString(files.findFirst().orElseThrow());
    }
    assertTrue(stdin.contains("\"node\":\"n2\""), stdin);
    assertTrue(
        stdin.contains(
            "\"start\":{\"nanoseconds\":" + NOW.plusSeconds(3600).getEpochSecond() + "000000000}"),
        stdin);
  }

  @Test
  void aCommandThatHangsFailsOrPrintsGarbageIsUnknownAndNeverHoldsThePoll() throws Exception {
    Path dir = commands();
    script(dir, "a-garbage", "echo 'not json'");
    script(dir, "b-fails", "echo 'broken' >&2; exit 3");
    script(dir, "c-hangs", "sleep 30");
    asker = new ConsentAsker(dir, Duration.ofMillis(500), Clock.fixed(NOW, ZoneOffset.UTC));
    long before = System.nanoTime();
    ConsentPoll first = asker.poll(draining(), cluster(), NOW);
    assertTrue(Duration.ofNanos(System.nanoTime() - before).toMillis() < 400, "a poll never waits");
    assertTrue(first.asking());
    Map<String, Consent> got = answers(draining());
    Consent web = got.get("web");
    assertEquals(Consent.Answer.UNKNOWN, web.answer());
    assertEquals("command a-garbage", web.source());
    assertEquals("it printed no JSON object", web.reason());

    Files.delete(dir.resolve("a-garbage"));
    Map<String, Consent> again = answers(draining());
    assertEquals("it exited with 3: broken", again.get("db").reason());

    Files.delete(dir.resolve("b-fails"));
    Map<String, Consent> hung = answers(draining());
    assertEquals("it did not answer within 500 ms", hung.get("web").reason());
  }

  @Test
  void withNoCommandNobodyIsAsked() throws Exception {
    asker = new ConsentAsker(tmp.resolve("none"), Duration.ofSeconds(1), Clock.systemUTC());
    ConsentPoll p = asker.poll(draining(), cluster(), NOW);
    assertFalse(p.asking());
    assertEquals(Map.of(), p.answers());
  }
}
