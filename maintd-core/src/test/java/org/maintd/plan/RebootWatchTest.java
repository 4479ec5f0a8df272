package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.campaign.NodePhase;
import org.maintd.campaign.NodeProgress;
import org.maintd.campaign.NodeSignal;
import org.maintd.campaign.RebootKind;
import org.maintd.plan.RebootWatch.Verdict;

/**
 * The reboot watch, case by case: n2 was rebooted (or began its soak) at T, with boot id boot-1 or
 * none known; the campaign soaks 60 s and waits 600 s for a node to come back; the hard-reboot
 * fall-back is off (0) or 180 s. Times are seconds after T; a blank Ok since means not {@code Ok}.
 */
class RebootWatchTest {
  private static final Instant T = Instant.parse("2026-11-22T12:00:00Z");
  private static final Duration SOAK = Duration.ofSeconds(60);
  private static final Duration TIMEOUT = Duration.ofSeconds(600);

  private static Instant at(double seconds) {
    return T.plusMillis(Math.round(seconds * 1000));
  }

  private static Optional<Instant> since(Verdict v) {
    if (v instanceof Verdict.Back back) {
      return Optional.of(back.since());
    }
    if (v instanceof Verdict.SoakRestarted restarted) {
      return Optional.of(restarted.since());
    }
    return Optional.empty();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      nullValues = "-",
      textBlock =
          """
  # case                                          | phase | reboot   | before | boot id | fault    | Ok since | offline | fall-back | now     | verdict       | since  | text
  refused: not rebooted, whatever it says         | BOOT  | REFUSED  | boot-1 | boot-2  | ''       | 30       | false   | 180       | 30      | Refused       | -      | not rebooted: its collector refused the reboot
  old boot id: not back                           | BOOT  | SOFT     | boot-1 | boot-1  | ''       | -100     | false   | 0         | 30      | Booting       | -      | waiting for it to come back (30s of 600s)
  no boot id reported: not back                   | BOOT  | SOFT     | boot-1 | ''      | ''       | 20       | false   | 0         | 5       | Booting       | -      | waiting for it to come back (5000ms of 600s)
  new boot id and Ok: back, soaking from now      | BOOT  | SOFT     | boot-1 | boot-2  | ''       | 30       | false   | 0         | 40      | Back          | 40     | back with boot id boot-2
  new boot id, Ok a moment before now             | BOOT  | SOFT     | boot-1 | boot-2  | ''       | 39.999   | false   | 0         | 40      | Back          | 40     | back with boot id boot-2
  new boot id, Ok exactly from now                | BOOT  | SOFT     | boot-1 | boot-2  | ''       | 40       | false   | 0         | 40      | Back          | 40     | back with boot id boot-2
  new boot id, Ok a moment after now (its clock)  | BOOT  | SOFT     | boot-1 | boot-2  | ''       | 40.001   | false   | 0         | 40      | Back          | 40.001 | back with boot id boot-2
  new boot id, Ok from later than now             | BOOT  | SOFT     | boot-1 | boot-2  | ''       | 50       | false   | 0         | 40      | Back          | 50     | back with boot id boot-2
  new boot id, but the cluster has it offline     | BOOT  | SOFT     | boot-1 | boot-2  | ''       | 30       | true    | 0         | 40      | Booting       | -      | waiting for it to come back (40s of 600s)
  new boot id, not Ok yet                         | BOOT  | SOFT     | boot-1 | boot-2  | ''       | -        | false   | 0         | 40      | Booting       | -      | waiting for it to come back (40s of 600s)
  new boot id and a fault, even offline, not Ok   | BOOT  | SOFT     | boot-1 | boot-2  | evacuate | -        | true    | 180       | 40      | Faulty        | -      | node n2 reports evacuate after its reboot
  old boot id and a fault: from before the reboot | BOOT  | SOFT     | boot-1 | boot-1  | evacuate | -        | false   | 0         | 40      | Booting       | -      | waiting for it to come back (40s of 600s)
  none before, Ok since after the reboot: back    | BOOT  | SOFT     | ''     | ''      | ''       | 1        | false   | 0         | 40      | Back          | 40     | back with boot id unknown
  none before, Ok a moment after the reboot       | BOOT  | SOFT     | ''     | boot-9  | ''       | 0.001    | false   | 0         | 40      | Back          | 40     | back with boot id boot-9
  none before, Ok since exactly the reboot        | BOOT  | SOFT     | ''     | boot-9  | ''       | 0        | false   | 0         | 40      | Booting       | -      | waiting for it to come back (40s of 600s)
  none before, Ok since before the reboot         | BOOT  | SOFT     | ''     | boot-9  | ''       | -0.001   | false   | 0         | 40      | Booting       | -      | waiting for it to come back (40s of 600s)
  none before, not Ok                             | BOOT  | SOFT     | ''     | boot-9  | ''       | -        | false   | 0         | 40      | Booting       | -      | waiting for it to come back (40s of 600s)
  none before, Ok since after it, and a fault     | BOOT  | SOFT     | ''     | ''      | repair   | 1        | false   | 0         | 40      | Faulty        | -      | node n2 reports repair after its reboot
  none before, soft reboot failed, Ok after it   | BOOT  | HARD_DUE | ''     | boot-9  | ''       | 1        | false   | 180       | 40      | HardRebootDue | -      | its soft reboot failed
  none before, soft reboot failed, Ok and a fault | BOOT  | HARD_DUE | ''     | boot-9  | repair   | 1        | false   | 180       | 40      | HardRebootDue | -      | its soft reboot failed
  none before, soft reboot failed, no fall-back   | BOOT  | HARD_DUE | ''     | boot-9  | ''       | 1        | false   | 0         | 40      | Booting       | -      | waiting for it to come back (40s of 600s)
  none before, power-cycled, Ok after it: back    | BOOT  | HARD     | ''     | boot-9  | ''       | 1        | false   | 180       | 40      | Back          | 40     | back with boot id boot-9
  soft reboot failed, yet a new boot id: back     | BOOT  | HARD_DUE | boot-1 | boot-2  | ''       | 1        | false   | 180       | 40      | Back          | 40     | back with boot id boot-2
  a moment before the boot timeout                | BOOT  | SOFT     | boot-1 | boot-1  | ''       | -100     | false   | 0         | 599.999 | Booting       | -      | waiting for it to come back (599s of 600s)
  exactly at the boot timeout: still waiting      | BOOT  | SOFT     | boot-1 | boot-1  | ''       | -100     | false   | 0         | 600     | Booting       | -      | waiting for it to come back (600s of 600s)
  a moment past the boot timeout: stops           | BOOT  | SOFT     | boot-1 | boot-1  | ''       | -100     | false   | 0         | 600.001 | TimedOut      | -      | node n2 did not come back within 600s of its reboot; nothing further is rebooted
  fall-back off: no hard reboot, however long     | BOOT  | SOFT     | boot-1 | boot-1  | ''       | -100     | false   | 0         | 180     | Booting       | -      | waiting for it to come back (180s of 600s)
  fall-back off: a failed soft reboot waits       | BOOT  | HARD_DUE | boot-1 | boot-1  | ''       | -100     | false   | 0         | 5       | Booting       | -      | waiting for it to come back (5000ms of 600s)
  fall-back off: a failed soft reboot times out   | BOOT  | HARD_DUE | boot-1 | boot-1  | ''       | -100     | false   | 0         | 601     | TimedOut      | -      | node n2 did not come back within 600s of its reboot; nothing further is rebooted
  fall-back set, a moment before it is due        | BOOT  | SOFT     | boot-1 | boot-1  | ''       | -100     | false   | 180       | 179.999 | Booting       | -      | waiting for it to come back (179s of 600s)
  fall-back set, exactly when it is due           | BOOT  | SOFT     | boot-1 | boot-1  | ''       | -100     | false   | 180       | 180     | HardRebootDue | -      | not back 180s after its soft reboot
  fall-back set, a moment after it is due         | BOOT  | SOFT     | boot-1 | boot-1  | ''       | -100     | false   | 180       | 180.001 | HardRebootDue | -      | not back 180s after its soft reboot
  fall-back set, a failed soft reboot: at once    | BOOT  | HARD_DUE | boot-1 | boot-1  | ''       | -100     | false   | 180       | 5       | HardRebootDue | -      | its soft reboot failed
  fall-back set, past the timeout: hard first     | BOOT  | SOFT     | boot-1 | boot-1  | ''       | -100     | false   | 180       | 700     | HardRebootDue | -      | not back 700s after its soft reboot
  fall-back set, soft reboot back in time         | BOOT  | SOFT     | boot-1 | boot-2  | ''       | 190      | false   | 180       | 200     | Back          | 200    | back with boot id boot-2
  power-cycled already: never a second one        | BOOT  | HARD     | boot-1 | boot-1  | ''       | -100     | false   | 180       | 200     | Booting       | -      | waiting for it to come back (200s of 600s)
  power-cycled already, past the timeout: stops   | BOOT  | HARD     | boot-1 | boot-1  | ''       | -100     | false   | 180       | 601     | TimedOut      | -      | node n2 did not come back within 600s of its reboot; nothing further is rebooted
  power-cycled and back                           | BOOT  | HARD     | boot-1 | boot-2  | ''       | 201      | false   | 180       | 201     | Back          | 201    | back with boot id boot-2
  soaking: a fault after the reboot stops         | SOAK  | SOFT     | boot-1 | boot-2  | evacuate | -10      | false   | 0         | 5       | Faulty        | -      | node n2 reports evacuate after its reboot
  soaking: not Ok at the last poll: restart now   | SOAK  | SOFT     | boot-1 | boot-2  | ''       | -        | false   | 0         | 30      | SoakRestarted | 30     | soak restarted: its collector was not Ok at every poll
  soaking: Ok only since after the soak began     | SOAK  | SOFT     | boot-1 | boot-2  | ''       | 20       | false   | 0         | 30      | SoakRestarted | 20     | soak restarted: its collector was not Ok at every poll
  soaking: Ok since a moment after it began       | SOAK  | SOFT     | boot-1 | boot-2  | ''       | 0.001    | false   | 0         | 30      | SoakRestarted | 0.001  | soak restarted: its collector was not Ok at every poll
  soaking: Ok since exactly when it began         | SOAK  | SOFT     | boot-1 | boot-2  | ''       | 0        | false   | 0         | 30      | Soaking       | -      | soaking: 30s of 60s
  soaking: right at the start                     | SOAK  | SOFT     | boot-1 | boot-2  | ''       | 0        | false   | 0         | 0       | Soaking       | -      | soaking: 0ms of 60s
  soaking: a moment before the soak ends          | SOAK  | SOFT     | boot-1 | boot-2  | ''       | -1       | false   | 0         | 59.999  | Soaking       | -      | soaking: 59s of 60s
  soaking: exactly at the soak end, even offline  | SOAK  | SOFT     | boot-1 | boot-2  | ''       | 0        | true    | 0         | 60      | Soaked        | -      | Ok for 60s
  soaking: a moment after the soak end            | SOAK  | SOFT     | boot-1 | boot-2  | ''       | 0        | false   | 0         | 60.001  | Soaked        | -      | Ok for 60s
  soaking: long after, the fall-back is not used  | SOAK  | SOFT     | boot-1 | boot-2  | ''       | 0        | false   | 180       | 700     | Soaked        | -      | Ok for 700s
  """)
  void seesWhatTheNodeCameTo(
      String name,
      NodePhase phase,
      RebootKind reboot,
      String before,
      String bootId,
      String fault,
      Double okSince,
      boolean offline,
      long fallBack,
      double now,
      String verdict,
      Double since,
      String text) {
    NodeProgress p = new NodeProgress("n2", phase, T, before, false, reboot);
    NodeSignal s =
        new NodeSignal(bootId, fault, Optional.ofNullable(okSince).map(RebootWatchTest::at));
    RebootWatch.Times times = new RebootWatch.Times(SOAK, TIMEOUT, Duration.ofSeconds(fallBack));
    Verdict v = RebootWatch.watch(p, s, offline, times, at(now));
    assertEquals(verdict, v.getClass().getSimpleName(), name);
    assertEquals(text, v.text(), name);
    assertEquals(Optional.ofNullable(since).map(RebootWatchTest::at), since(v), name);
  }

  @Test
  void aNodeBackSoaksFromZero() {
    assertEquals("soaking: 0s of 60s", new Verdict.Back("boot-2", T, SOAK).soaking());
    assertEquals("soaking: 0s of 600s", new Verdict.Back("", T, TIMEOUT).soaking());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"WAITING", "REBOOT", "UNDRAIN", "DONE"})
  void onlyANodeInBootOrSoakIsWatched(NodePhase phase) {
    NodeProgress p = new NodeProgress("n2", phase, T, "boot-1", false, RebootKind.SOFT);
    RebootWatch.Times times = new RebootWatch.Times(SOAK, TIMEOUT, Duration.ZERO);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> RebootWatch.watch(p, NodeSignal.unknown(), false, times, T));
    assertEquals("node n2 is not rebooting: " + phase.wireName(), e.getMessage());
  }

  @ParameterizedTest(name = "{0} ms: {1}")
  @CsvSource({"0, 0ms", "9999, 9999ms", "10000, 10s", "10999, 10s", "600000, 600s"})
  void durationsReadInWholeSecondsFromTenSeconds(long millis, String text) {
    assertEquals(text, RebootWatch.readable(Duration.ofMillis(millis)));
  }

  @ParameterizedTest(name = "''{0}'' -> {1}")
  @CsvSource({"'', unknown", "boot-7, boot-7"})
  void aBootIdNotReportedReadsUnknown(String bootId, String text) {
    assertEquals(text, RebootWatch.known(bootId));
  }
}
