package org.maintd.daemon.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.daemon.testing.FakeClock;
import org.maintd.protocol.api.HealthView;

/**
 * The daemon's state from its parts, whether it leads and what holds it up: {@link
 * HealthReport#state} (what the metrics read) tells the same state as the whole report.
 */
class HealthReportTest {
  private static final FakeClock CLOCK = new FakeClock(Instant.parse("2026-11-27T10:00:00Z"));
  private static final HealthReport.Holdup UNREADABLE =
      new HealthReport.Holdup("STATE_UNREADABLE", "the state cannot be read");
  private static final HealthReport.Holdup TAKING_OVER =
      new HealthReport.Holdup("TAKING_OVER", "elected");

  private static final class Probe extends Part {
    Probe(String name) {
      super(name, CLOCK);
    }

    @Override
    protected void startUp() {}

    @Override
    protected void shutDown() {}
  }

  /** A part in {@code state}: new, running, failed or terminated. */
  private static Part part(String name, PartState state) {
    Probe p = new Probe(name);
    switch (state) {
      case NEW -> {}
      case RUNNING -> p.start();
      case FAILED -> {
        p.start();
        p.failed(new IllegalStateException("disk full"));
      }
      case TERMINATED -> {
        p.start();
        p.close();
      }
      default -> throw new IllegalArgumentException("no such probe: " + state);
    }
    return p;
  }

  static Stream<Arguments> cases() {
    Part running = part("runner", PartState.RUNNING);
    Part failed = part("store", PartState.FAILED);
    Part fresh = part("poller", PartState.NEW);
    Part stopped = part("api", PartState.TERMINATED);
    return Stream.of(
        Arguments.of(List.of(running), true, List.of(), "RUNNING"),
        Arguments.of(List.of(running), false, List.of(), "STANDBY"),
        Arguments.of(List.of(running), true, List.of(UNREADABLE, TAKING_OVER), "STATE_UNREADABLE"),
        Arguments.of(List.of(running), false, List.of(TAKING_OVER), "TAKING_OVER"),
        Arguments.of(List.of(running, failed), true, List.of(UNREADABLE), "FAILED"),
        Arguments.of(List.of(running, fresh, failed), true, List.of(), "FAILED"),
        Arguments.of(List.of(running, fresh), false, List.of(UNREADABLE), "STARTING"),
        Arguments.of(List.of(), true, List.of(), "STARTING"),
        Arguments.of(List.of(running, stopped), true, List.of(UNREADABLE), "STOPPING"),
        Arguments.of(List.of(running, stopped), false, List.of(), "STOPPING"));
  }

  @ParameterizedTest
  @MethodSource("cases")
  void theStateAloneIsTheWholeReportsState(
      List<Part> parts, boolean leads, List<HealthReport.Holdup> holdups, String expected) {
    HealthView whole =
        HealthReport.of(
            parts,
            List.of(),
            new HealthReport.Leading(leads, "", "node1"),
            null,
            "",
            holdups,
            List.of(),
            List.of());
    assertEquals(expected, whole.state());
    assertEquals(expected, HealthReport.state(parts, leads, holdups));
  }
}
