package org.maintd.wait;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** A wait is said in one way: {@code waits: } and the reason's text; a safety cap as such. */
class WaitsTest {
  static Stream<Arguments> saidAs() {
    return Stream.of(
        Arguments.of(
            new OtherWorkFirst.Busy("its nodes or the instance", true),
            "waits: its nodes or the instance are busy with another job this round"),
        Arguments.of(
            new CapacityWait.NoTarget("node in the group has room", List.of("n3 (drained)")),
            "waits: no node in the group has room; ruled out: n3 (drained)"),
        Arguments.of(new OtherWorkFirst.CampaignUnderWay("c1"), "waits: campaign c1 is under way"),
        Arguments.of(
            new CapacityWait.CapReached("group g1", List.of("n2"), 1, "1"),
            "waits for the safety cap: cap: group g1 already has 1 node(s) out of service (n2),"
                + " maxUnavailable allows 1 (1)"));
  }

  @ParameterizedTest
  @MethodSource("saidAs")
  void aWaitSaysWhatItWaitsFor(WaitReason why, String said) {
    assertEquals(said, why.waits());
  }

  @ParameterizedTest
  @MethodSource("org.maintd.wait.WaitKindTest#everyReason")
  void everyReasonButTheCapsSaysItWaitsAfterWaits(WaitReason why) {
    String head = why instanceof CapacityWait.CapReached ? "waits for the safety cap: " : "waits: ";
    assertEquals(head + why.text(), why.waits());
  }
}
