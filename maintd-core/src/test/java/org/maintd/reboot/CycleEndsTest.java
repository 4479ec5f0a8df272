package org.maintd.reboot;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A request never stays in a power cycle that ended without satisfying it: a request is done once a
 * power-on after it happened, by the cycle it joined or, when that cycle's power-on came before it,
 * by the next. A first request {@code a} (held by alpha, or a one-shot; no evacuation) takes node
 * n6 (two primary instances) down; a second one {@code x} comes in a phase of that cycle, and the
 * node's next report, made after it, shows it as it was (its old boot id, before a reboot takes
 * effect); the world carries out every action and the clients release every key once the node is
 * held. The table says which cycle satisfies {@code x} and how often the node is taken down for it,
 * by a decision taken after it came.
 */
class CycleEndsTest {
  @ParameterizedTest(name = "power control {0}, first {1}, in phase {2}, {3} evacuating {4}")
  @CsvSource({
    // power control, first, asked in, second, it evacuates, satisfied by, take-downs after it
    "true,  keyed,    off,  keyed,    false, first, 0",
    "true,  keyed,    off,  one-shot, false, first, 0",
    "true,  keyed,    off,  one-shot, true,  first, 0",
    "true,  keyed,    held, keyed,    false, first, 0",
    "true,  keyed,    held, one-shot, false, first, 0",
    "true,  keyed,    held, keyed,    true,  first, 0",
    "true,  keyed,    on,   keyed,    false, own,   1",
    "true,  keyed,    on,   one-shot, false, own,   1",
    "true,  one-shot, off,  keyed,    false, own,   1",
    "true,  one-shot, off,  one-shot, false, first, 0",
    "true,  one-shot, off,  one-shot, true,  own,   1",
    "false, keyed,    off,  keyed,    false, first, 0",
    "false, keyed,    held, keyed,    false, own,   1",
    "false, keyed,    held, one-shot, false, own,   1",
    "false, one-shot, off,  keyed,    false, first, 0",
    "false, one-shot, off,  one-shot, false, first, 0"
  })
  void everyRequestIsDoneByAPowerOnAfterIt(
      boolean powerControl,
      String first,
      String phase,
      String second,
      boolean evacuates,
      String satisfiedBy,
      int takeDowns) {
    Node n = new Node(Node.policy(true, powerControl));
    World w = new World(n);
    n.primaries = 2;
    n.ask("a", RebootMode.SOFT, first.equals("keyed") ? "alpha" : null, false);
    CyclePhase asked = CyclePhase.valueOf(phase.toUpperCase(java.util.Locale.ROOT));
    n.step(10);
    for (int i = 0; i < 20 && n.state.phase() != asked; i++) {
      if (n.state.phase() == CyclePhase.HELD) {
        w.releaseAll();
      }
      w.perform();
      n.step(10);
    }
    assertEquals(asked, n.state.phase(), "the first request's cycle reached " + phase);
    Optional<Action> decided = n.action();
    n.ask("x", RebootMode.SOFT, second.equals("keyed") ? "beta" : null, evacuates);
    n.reported = Optional.of(n.now);
    n.step(10);
    n.reported = Optional.empty();
    w.perform(decided);
    w.perform();
    w.takeDowns = 0;
    for (int i = 0; i < 60 && n.request("x").active(); i++) {
      n.step(10);
      if (n.state.phase() == CyclePhase.HELD) {
        w.releaseAll();
      }
      w.perform();
    }
    assertEquals(RequestStatus.DONE, n.status("x"), n.request("x").history().toString());
    assertEquals(RequestStatus.DONE, n.status("a"));
    assertEquals(satisfiedBy.equals("first") ? "a" : "x", n.request("x").cycle().orElseThrow());
    assertEquals(takeDowns, w.takeDowns, "take-downs after the second request");
    for (int i = 0; i < 5 && n.state.phase() != CyclePhase.IDLE; i++) {
      n.step(10);
      w.perform();
    }
    assertEquals("back in service", n.last.text());
  }
}
