package org.maintd.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.wait.CapacityWait;
import org.maintd.wait.OtherWorkFirst;
import org.maintd.wait.WaitReason;

/** What happens next says a wait one way, with or without a head, and keeps its reason. */
class NextTest {
  private static final WaitReason BUSY = new OtherWorkFirst.Busy("node n2", false);
  private static final WaitReason CAP =
      new CapacityWait.CapReached("group g1", List.of("n2"), 1, "1");

  static Stream<Arguments> nexts() {
    return Stream.of(
        Arguments.of(Next.does("drain n2"), "drain n2", null),
        Arguments.of(Next.waits(BUSY), "waits: node n2 is busy with another job this round", BUSY),
        Arguments.of(
            Next.waits("UP: drain due", BUSY),
            "UP: drain due: waits: node n2 is busy with another job this round",
            BUSY),
        Arguments.of(
            Next.waits("UP: drain due", CAP),
            "UP: drain due: waits for the safety cap: cap: group g1 already has 1 node(s) out of"
                + " service (n2), maxUnavailable allows 1 (1)",
            CAP),
        Arguments.of(
            Next.waitsAs("its secondary " + BUSY.text(), BUSY),
            "waits: its secondary node n2 is busy with another job this round",
            BUSY),
        Arguments.of(Next.because(BUSY), "node n2 is busy with another job this round", BUSY),
        Arguments.of(Next.told("nothing moves; asking a", BUSY), "nothing moves; asking a", BUSY));
  }

  @ParameterizedTest
  @MethodSource("nexts")
  void saysWhatHappensAndKeepsWhyItWaits(Next next, String text, WaitReason why) {
    assertEquals(text, next.text());
    assertEquals(Optional.ofNullable(why), next.waits());
  }
}
