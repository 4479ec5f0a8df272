package org.maintd.daemon.zookeeper;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ZooKeeperLeaseTest {
  private static final long MS = 1_000_000;
  private final AtomicLong now = new AtomicLong(1_000 * MS);
  private final ZooKeeperLease lease = new ZooKeeperLease(now::get);

  @ParameterizedTest(name = "sent at {0} ms, session {1} ms, asked at {2} ms: holds {3}")
  @CsvSource({
    // two thirds of the session timeout from when the question was sent, not answered
    "0, 3000, 0, true",
    "0, 3000, 1999, true",
    "0, 3000, 2000, false",
    "0, 3000, 2001, false",
    "500, 3000, 2499, true",
    "500, 3000, 2500, false",
    "0, 30000, 19999, true",
    "0, 30000, 20000, false",
    // a process stopped for longer than its lease finds it lapsed when it is continued
    "0, 3000, 600000, false"
  })
  void theLeaseRunsTwoThirdsOfTheSessionTimeoutFromWhenTheAnsweredQuestionWasSent(
      long sentMs, long sessionMs, long askedMs, boolean holds) {
    long start = now.get();
    lease.confirmed(7);
    lease.heard(start + sentMs * MS, 7, Duration.ofMillis(sessionMs));
    now.set(start + askedMs * MS);
    assertEquals(holds, lease.holds());
  }

  @Test
  void noLeaseIsHeldBeforeAnyAnswer() {
    lease.confirmed(7);
    assertFalse(lease.holds());
  }

  @Test
  void anAnswerInASessionTheConnectionHasNotConfirmedRenewsNothing() {
    lease.confirmed(7);
    lease.heard(now.get(), 8, Duration.ofSeconds(3));
    assertFalse(lease.holds(), "a new session before the daemon learnt its old one was lost");
    lease.confirmed(8);
    lease.heard(now.get(), 8, Duration.ofSeconds(3));
    assertTrue(lease.holds());
  }

  @Test
  void aNewSessionConfirmedEndsTheLeaseOfTheOld() {
    lease.confirmed(7);
    lease.heard(now.get(), 7, Duration.ofSeconds(3));
    lease.confirmed(8);
    assertFalse(lease.holds());
  }

  @Test
  void aLateAnswerToAnOlderQuestionNeverShortensTheLease() {
    long start = now.get();
    lease.confirmed(7);
    lease.heard(start + 900 * MS, 7, Duration.ofSeconds(3));
    lease.heard(start, 7, Duration.ofSeconds(3));
    now.set(start + 2800 * MS);
    assertTrue(lease.holds(), "runs until 2900 ms");
    now.set(start + 2900 * MS);
    assertFalse(lease.holds(), "and no longer");
  }
}
