package org.maintd.reboot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Only a report the collector made since node n6 was taken down tells whether it rebooted: one made
 * before (a late or replayed answer) that shows the old boot id does not make a soft attempt look
 * failed at the soft timeout (300 s), nor does one without a boot id say a node whose boot id was
 * unknown is back. A report that does not say when it was made counts as it always did.
 */
class RebootEvidenceTest {
  @ParameterizedTest(name = "hold {0}, boot id before \"{1}\", report made {2} s after, shows {3}")
  @CsvSource({
    // held by a key, the boot id before, report made (s after the take-down; empty: not said),
    // the boot id it shows, what the cycle does at the soft timeout
    "false, boot-1,   -1, boot-1, waits",
    "false, boot-1,    0, boot-1, hard",
    "false, boot-1,  299, boot-1, hard",
    "false, boot-1,     , boot-1, hard",
    "false, boot-1,  299, boot-2, done",
    "true,  boot-1,   -1, boot-1, waits",
    "true,  boot-1,    1, boot-1, hard",
    "true,  boot-1,     , boot-1, hard",
    "false, '',       -1, boot-2, waits",
    "false, '',        1, boot-2, done",
    "false, '',         , boot-2, done"
  })
  void aReportMadeBeforeTheTakeDownSaysNothingOfTheReboot(
      boolean hold, String before, Integer madeAfter, String shown, String then) {
    Node n = new Node(Node.policy(true, true));
    n.bootId = before;
    n.ask("r1", RebootMode.SOFT, hold ? "alpha" : null, false);
    n.step(1);
    java.time.Instant down = n.now;
    n.bootId = shown;
    n.reported = Optional.ofNullable(madeAfter).map(down::plusSeconds);
    n.step(300);
    String verb = hold ? "power-off" : "reboot";
    switch (then) {
      case "waits" -> {
        assertEquals(Optional.empty(), n.action());
        assertEquals(hold ? "powering off" : "rebooting", n.last.text());
        assertEquals(RequestStatus.POWERING_OFF, n.status("r1"));
      }
      case "hard" -> {
        assertEquals(
            Optional.of(
                hold ? new Action.PowerOff(RebootMode.HARD) : new Action.Reboot(RebootMode.HARD)),
            n.action());
        assertEquals(
            "the soft " + verb + " did not take effect within PT5M; going hard", n.last.text());
      }
      case "done" -> assertEquals(RequestStatus.DONE, n.status("r1"));
      default -> throw new IllegalArgumentException(then);
    }
  }
}
