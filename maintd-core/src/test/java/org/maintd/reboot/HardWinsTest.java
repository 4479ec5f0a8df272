package org.maintd.reboot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Hard wins over soft: a hard request that comes while node n6 goes down soft joins the cycle when
 * its power-on is sure to come after it: the node is powered off (held), or a report made after the
 * request shows it still on its old boot. Then, when a report made since the take-down (or one that
 * does not say when it was made) shows the node on its old boot, it escalates the soft attempt at
 * once; otherwise it waits for it; and one power cycle satisfies both requests: once the node is
 * back, it is not taken down again for the hard one. A hard request that a reboot under way may
 * have come too late for (the node silent, or no report made since the request) waits for a cycle
 * of its own.
 */
class HardWinsTest {
  @ParameterizedTest(name = "hold {0}, the node shows {1}")
  @CsvSource({
    // held by a key, what the node shows after the hard request came, whether it joins the cycle,
    // the next action, take-downs after the soft one
    "false, old boot since,  true,  reboot-hard,    1",
    "true,  old boot since,  true,  power-off-hard, 1",
    "true,  old boot unsaid, true,  power-off-hard, 1",
    "true,  nothing,         true,  none,           0",
    "true,  old boot before, true,  none,           0",
    "false, old boot unsaid, false, none,           1",
    "false, nothing,         false, none,           1",
    "false, old boot before, false, none,           1"
  })
  void aHardRequestDuringASoftAttemptIsSatisfiedByOnePowerCycle(
      boolean hold, String shown, boolean joins, String next, int takeDowns) {
    Node n = new Node(Node.policy(true, true));
    World w = new World(n);
    n.ask("s", RebootMode.SOFT, hold ? "alpha" : null, false);
    n.step(1);
    assertEquals(RebootMode.SOFT, n.state.mode());
    n.answering = !shown.equals("nothing");
    n.bootId = n.answering ? "boot-1" : "";
    n.reported =
        switch (shown) {
          case "old boot since" -> Optional.of(n.now.plusSeconds(5));
          case "old boot before" -> Optional.of(n.now.minusSeconds(1));
          default -> Optional.empty();
        };
    n.ask("h", RebootMode.HARD, null, false);
    n.step(10);
    assertEquals(joins, n.request("h").in("s"), "the hard request joins the cycle under way");
    Optional<Action> hard =
        switch (next) {
          case "reboot-hard" -> Optional.of(new Action.Reboot(RebootMode.HARD));
          case "power-off-hard" -> Optional.of(new Action.PowerOff(RebootMode.HARD));
          default -> Optional.empty();
        };
    assertEquals(hard, n.action(), n.last.text());
    if (hard.isPresent()) {
      assertEquals("a hard request came; going hard", n.last.text());
      w.perform();
    } else {
      n.answering = !hold;
      n.bootId = hold ? "" : "boot-2";
      n.reported = Optional.empty();
    }
    for (int i = 0; i < 20 && n.request("h").active(); i++) {
      n.step(10);
      if (n.state.phase() == CyclePhase.HELD) {
        w.releaseAll();
      }
      w.perform();
    }
    assertEquals(RequestStatus.DONE, n.status("s"));
    assertEquals(RequestStatus.DONE, n.status("h"), n.request("h").history().toString());
    for (int i = 0; i < 5 && n.state.phase() != CyclePhase.IDLE; i++) {
      n.step(10);
      w.perform();
    }
    assertEquals(takeDowns, w.takeDowns);
    assertEquals("back in service", n.last.text());
  }
}
