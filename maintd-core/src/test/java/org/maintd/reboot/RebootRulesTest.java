package org.maintd.reboot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Admitting requests and releasing keys, each refusal with its kind and its sentence. */
class RebootRulesTest {
  private static final Instant T = Instant.parse("2026-11-27T12:00:00Z");
  private static final NodeStanding FREE = NodeStanding.free();
  private final RebootRules rules = new RebootRules(Node.policy(true, true));

  private static RebootAsk ask(String key, RebootMode mode, boolean force) {
    return new RebootAsk("n6", mode, Optional.ofNullable(key), "firmware", true, force, "ops");
  }

  private static Refusal refused(Admission a) {
    return assertInstanceOf(Admission.Refused.class, a).refusal();
  }

  private static Admission.Accepted accepted(Admission a) {
    return assertInstanceOf(Admission.Accepted.class, a);
  }

  @Test
  void acceptsARequestAsPendingWithItsHistory() {
    Admission.Accepted a =
        accepted(rules.admit(Reboots.empty(), ask("alpha", RebootMode.SOFT, false), FREE, "r1", T));
    RebootRequest r = a.request();
    assertEquals(RequestStatus.PENDING, r.status());
    assertEquals(T, r.pendingRebootSince());
    assertEquals(Optional.of("alpha"), r.key());
    assertEquals("firmware", r.reason());
    assertTrue(r.evacuate());
    assertTrue(r.holds());
    assertEquals("accepted from ops: firmware", r.history().get(0).detail());
    assertEquals("pending", r.history().get(0).status());
    assertEquals(java.util.List.of(r), a.reboots().of("n6"));
  }

  @Test
  void refusesAnUnknownNode() {
    Refusal r =
        refused(
            rules.admit(
                Reboots.empty(),
                ask(null, RebootMode.SOFT, true),
                new NodeStanding(false, Optional.empty(), Optional.empty(), false),
                "r1",
                T));
    assertEquals(new Refusal(Refusal.Kind.NOT_FOUND, "no node n6 in the cluster"), r);
  }

  /**
   * A key is admitted only when the release's URL brings it back as it was: one path segment that
   * is neither {@code .} nor {@code ..} (no key begins with a dot), nothing a URL would read as a
   * separator, a query, a fragment or a parameter.
   */
  @ParameterizedTest(name = "key \"{0}\" admitted: {1}")
  @CsvSource(
      value = {
        "alpha, true",
        "a.B_9-z, true",
        "a..b, true",
        "a., true",
        "team:disk-swap, true",
        "ops@node6, true",
        "-dash, true",
        "., false",
        "'..', false",
        "..., false",
        ".hidden, false",
        "'', false",
        "a/b, false",
        "'../../../maintenance/schedule', false",
        "'a b', false",
        "a%2Fb, false",
        "a;b, false",
        "a?b, false",
        "a#b, false",
        "a+b, false"
      })
  void admitsOnlyAKeyThatTheReleaseUrlBringsBackAsItWas(String key, boolean admitted) {
    Admission a = rules.admit(Reboots.empty(), ask(key, RebootMode.SOFT, false), FREE, "r1", T);
    if (admitted) {
      assertEquals(Optional.of(key), accepted(a).request().key());
      return;
    }
    Refusal r = refused(a);
    assertEquals(Refusal.Kind.BAD_REQUEST, r.kind(), key);
    assertEquals(
        "key \""
            + key
            + "\": a key is 1 to 64 letters, digits, '.', '_', '-', ':' or '@', not beginning with"
            + " '.' (it is one segment of the release's URL, DELETE /1/nodes/<node>/reboot/<key>)",
        r.message());
  }

  @ParameterizedTest
  @ValueSource(ints = {63, 64, 65})
  void aKeyIsAtMost64Long(int length) {
    Admission a =
        rules.admit(
            Reboots.empty(), ask("x".repeat(length), RebootMode.SOFT, false), FREE, "r1", T);
    assertEquals(length <= 64, a instanceof Admission.Accepted, a.toString());
  }

  @Test
  void refusesAHardRequestWithoutAHardPath() {
    RebootRules soft = new RebootRules(Node.policy(false, true));
    Refusal r =
        refused(soft.admit(Reboots.empty(), ask(null, RebootMode.HARD, true), FREE, "r1", T));
    assertEquals(Refusal.Kind.CONFLICT, r.kind());
    assertEquals(
        "mode hard: no hard path is configured here (reboot.hard); ask for a soft reboot",
        r.message());
    accepted(soft.admit(Reboots.empty(), ask(null, RebootMode.SOFT, true), FREE, "r1", T));
  }

  @Test
  void refusesAKeyThatHoldsTheNodeAlreadyButNotAnother() {
    Reboots one =
        accepted(rules.admit(Reboots.empty(), ask("alpha", RebootMode.SOFT, false), FREE, "r1", T))
            .reboots();
    Refusal r = refused(rules.admit(one, ask("alpha", RebootMode.HARD, false), FREE, "r2", T));
    assertEquals(
        new Refusal(
            Refusal.Kind.CONFLICT,
            "key alpha already holds node n6 (request r1); release it first"),
        r);
    Reboots two =
        accepted(rules.admit(one, ask("beta", RebootMode.SOFT, false), FREE, "r2", T)).reboots();
    Reboots three =
        accepted(rules.admit(two, ask(null, RebootMode.SOFT, false), FREE, "r3", T)).reboots();
    assertEquals(3, three.activeOf("n6").size());
    Reboots released = accepted(rules.release(three, "n6", "alpha", "ops", T)).reboots();
    accepted(rules.admit(released, ask("alpha", RebootMode.SOFT, false), FREE, "r4", T));
  }

  @Test
  void aNodeTakesAtMost32KeysAndAOneShotRequestBesideThem() {
    Reboots held = Reboots.empty();
    for (int i = 1; i <= RebootRules.MAX_KEYS_PER_NODE; i++) {
      held =
          accepted(rules.admit(held, ask("k" + i, RebootMode.SOFT, false), FREE, "r" + i, T))
              .reboots();
    }
    assertEquals(
        new Refusal(
            Refusal.Kind.CONFLICT,
            "node n6 is held by 32 keys already, the most one node takes: release one first"
                + " (maintctl release n6 KEY)"),
        refused(rules.admit(held, ask("k33", RebootMode.SOFT, true), FREE, "r33", T)));
    accepted(rules.admit(held, ask(null, RebootMode.SOFT, false), FREE, "r34", T));
    Reboots released = accepted(rules.release(held, "n6", "k1", "ops", T)).reboots();
    accepted(rules.admit(released, ask("k33", RebootMode.SOFT, false), FREE, "r35", T));
  }

  @Test
  void refusesANodeInACampaignOrWithAnIncidentUnlessForced() {
    NodeStanding campaign = new NodeStanding(true, Optional.of("c1"), Optional.empty(), false);
    assertEquals(
        new Refusal(
            Refusal.Kind.CONFLICT, "node n6 is in campaign c1; ask with force to reboot it anyway"),
        refused(rules.admit(Reboots.empty(), ask(null, RebootMode.SOFT, false), campaign, "r", T)));
    NodeStanding incident = new NodeStanding(true, Optional.empty(), Optional.of("u1"), false);
    assertEquals(
        new Refusal(
            Refusal.Kind.CONFLICT,
            "node n6 has an active incident u1; ask with force to reboot it anyway"),
        refused(rules.admit(Reboots.empty(), ask(null, RebootMode.SOFT, false), incident, "r", T)));
    accepted(rules.admit(Reboots.empty(), ask(null, RebootMode.SOFT, true), campaign, "r", T));
    accepted(rules.admit(Reboots.empty(), ask(null, RebootMode.SOFT, true), incident, "r", T));
  }

  @Test
  void refusesANodeDownForMaintenanceEvenForced() {
    NodeStanding down = new NodeStanding(true, Optional.empty(), Optional.empty(), true);
    for (boolean force : new boolean[] {false, true}) {
      assertEquals(
          new Refusal(
              Refusal.Kind.CONFLICT,
              "node n6 is DOWN for maintenance; bring it up first (maintctl up), even to force a"
                  + " reboot"),
          refused(
              rules.admit(Reboots.empty(), ask("alpha", RebootMode.SOFT, force), down, "r", T)));
    }
  }

  @Test
  void releasingOneOfTwoKeysKeepsTheOtherAndAnUnknownKeyIsNotFound() {
    Reboots r = Reboots.empty();
    r = accepted(rules.admit(r, ask("alpha", RebootMode.SOFT, false), FREE, "a", T)).reboots();
    r = accepted(rules.admit(r, ask("beta", RebootMode.SOFT, false), FREE, "b", T)).reboots();
    Admission.Accepted released =
        accepted(rules.release(r, "n6", "alpha", "fencer", T.plusSeconds(5)));
    assertFalse(released.request().holds());
    assertTrue(released.request().released());
    assertEquals(
        "key alpha released by fencer",
        released.request().history().get(released.request().history().size() - 1).detail());
    assertTrue(released.reboots().activeOf("n6").stream().anyMatch(RebootRequest::holds));
    assertEquals(
        new Refusal(Refusal.Kind.NOT_FOUND, "no reboot request with key alpha holds node n6"),
        refused(rules.release(released.reboots(), "n6", "alpha", "ops", T)));
    assertEquals(
        new Refusal(Refusal.Kind.NOT_FOUND, "no reboot request with key gamma holds node n6"),
        refused(rules.release(r, "n6", "gamma", "ops", T)));
    assertEquals(Refusal.Kind.NOT_FOUND, refused(rules.release(r, "n7", "beta", "ops", T)).kind());
  }

  @Test
  void cancelsAnActiveRequestAndNothingElse() {
    Reboots r =
        accepted(rules.admit(Reboots.empty(), ask(null, RebootMode.SOFT, false), FREE, "r1", T))
            .reboots();
    Admission.Accepted canceled = accepted(rules.cancel(r, "n6", "r1", "ops", T.plusSeconds(1)));
    assertEquals(RequestStatus.FAILED, canceled.request().status());
    assertEquals(
        "canceled by ops",
        canceled.request().history().get(canceled.request().history().size() - 1).detail());
    assertEquals(java.util.List.of(), canceled.reboots().activeOf("n6"));
    assertEquals(
        new Refusal(Refusal.Kind.NOT_FOUND, "no active reboot request r1 of node n6"),
        refused(rules.cancel(canceled.reboots(), "n6", "r1", "ops", T)));
    assertEquals(Refusal.Kind.NOT_FOUND, refused(rules.cancel(r, "n7", "r1", "ops", T)).kind());
  }
}
