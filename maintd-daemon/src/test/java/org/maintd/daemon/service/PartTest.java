package org.maintd.daemon.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maintd.daemon.testing.FakeClock;

/** A part's life: started once, stopped once, failed once with its cause told to its listeners. */
class PartTest {
  private final FakeClock clock = new FakeClock(Instant.parse("2026-11-23T10:00:00Z"));
  private final List<String> calls = new ArrayList<>();

  private final class Probe extends Part {
    RuntimeException failStart;

    Probe() {
      super("probe", clock);
    }

    @Override
    protected void startUp() {
      calls.add("start");
      if (failStart != null) {
        throw failStart;
      }
    }

    @Override
    protected void shutDown() {
      calls.add("stop");
    }
  }

  @Test
  void startsOnceAndStopsOnce() {
    Probe p = new Probe();
    assertEquals(PartState.NEW, p.state());
    p.start();
    assertEquals(PartState.RUNNING, p.state());
    IllegalStateException again = assertThrows(IllegalStateException.class, p::start);
    assertTrue(
        again.getMessage().contains("probe is RUNNING: a part is started once"),
        again.getMessage());
    p.close();
    p.close();
    assertEquals(PartState.TERMINATED, p.state());
    assertEquals(List.of("start", "stop"), calls);
  }

  @Test
  void aFailureIsKeptWithItsCauseAndToldOnce() {
    Probe p = new Probe();
    List<String> told = new ArrayList<>();
    p.onFailure(f -> told.add(f.name() + ": " + f.cause()));
    p.start();
    p.failed(new IllegalStateException("the round broke"));
    p.failed(new IllegalStateException("again"));
    assertEquals(PartState.FAILED, p.state());
    assertEquals(List.of("probe: IllegalStateException: the round broke"), told);
    assertEquals("FAILED", p.health().state());
    p.close();
    assertEquals(PartState.FAILED, p.state(), "a failed part stays failed when it is stopped");
  }

  @Test
  void aStartThatThrowsFailsThePart() {
    Probe p = new Probe();
    p.failStart = new IllegalStateException("no port");
    assertThrows(IllegalStateException.class, p::start);
    assertEquals(PartState.FAILED, p.state());
    assertEquals("IllegalStateException: no port", p.cause());
  }
}
