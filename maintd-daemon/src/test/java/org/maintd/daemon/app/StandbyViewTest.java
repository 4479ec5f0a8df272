package org.maintd.daemon.app;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.mock;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.spi.ClusterBackend;
import org.maintd.spi.MaintdState;

/**
 * A standby's reads while its store hangs (ZooKeeper out of reach holds a read for its retries):
 * readers wait a bounded time, then get the last view; once it answers, they get a fresh one.
 */
class StandbyViewTest {
  private static final Instant T0 = Instant.parse("2026-11-24T12:00:00Z");
  private final FakeClock clock = new FakeClock(T0);
  private final AtomicInteger reads = new AtomicInteger();
  private final AtomicReference<CountDownLatch> gate = new AtomicReference<>(new CountDownLatch(1));
  private volatile MaintdState stored = MaintdState.initial(T0).nextVersion(T0);
  private final ClusterBackend backend = mock(ClusterBackend.class);
  private StandbyView view;

  /** A store that answers only once its gate opens. */
  private final Supplier<MaintdState> hangingStore =
      () -> {
        reads.incrementAndGet();
        try {
          gate.get().await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return stored;
      };

  @AfterEach
  void close() {
    gate.get().countDown();
    view.close();
  }

  @Test
  void readersGetTheLastViewWhileTheStoreHangsAndAFreshOneOnceItAnswers() {
    view =
        new StandbyView(
            hangingStore, backend, clock, Duration.ofSeconds(30), Duration.ofMillis(50));
    assertEquals(0, view.get().state().serial(), "nothing read yet: an empty view");
    await().atMost(Duration.ofSeconds(10)).until(() -> reads.get() == 1);
    assertEquals(0, view.get().state().serial(), "a second reader does not wait either");

    gate.get().countDown();
    await().atMost(Duration.ofSeconds(10)).until(() -> view.get().state().serial() == 1);

    gate.set(new CountDownLatch(1));
    stored = stored.nextVersion(T0);
    clock.advance(Duration.ofSeconds(31));
    assertEquals(1, view.get().state().serial(), "the last view, while the store hangs");
    await().atMost(Duration.ofSeconds(10)).until(() -> reads.get() == 2);
    assertEquals(1, view.get().state().serial());

    gate.get().countDown();
    await().atMost(Duration.ofSeconds(10)).until(() -> view.get().state().serial() == 2);
  }

  @Test
  void aStaleViewIsReadAgainBeforeItIsShownWhenTheStoreAnswers() {
    gate.get().countDown();
    view =
        new StandbyView(
            hangingStore, backend, clock, Duration.ofSeconds(30), Duration.ofMinutes(1));
    assertEquals(1, view.get().state().serial());
    stored = stored.nextVersion(T0);
    assertEquals(1, view.get().state().serial(), "fresh enough");
    clock.advance(Duration.ofMinutes(10));
    assertEquals(2, view.get().state().serial(), "ten minutes old: read again first");
  }
}
