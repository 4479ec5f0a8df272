package org.maintd.daemon.leader;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.daemon.backend.sim.SimBackend;
import org.maintd.daemon.service.PartState;

/**
 * The nodes' vote on n1, the master: skipped, won or lost; the daemon on the master starts only
 * with it skipped or won, and a daemon that watches for the master role leads only then.
 */
class VoteTest {
  @TempDir Path dir;
  SimBackend cluster;

  @BeforeEach
  void cluster() throws Exception {
    cluster = LeaderFixtures.cluster(dir);
  }

  /**
   * Each case: its name, whether the vote is skipped, the votes the nodes give (of three asked)
   * when it is not, and whether n1 may lead.
   */
  static Stream<Arguments> votes() {
    return Stream.of(
        Arguments.of("skipped", true, Map.of(), true),
        Arguments.of("won by two of three", false, Map.of("n1", 2), true),
        Arguments.of("won by one of one answer", false, Map.of("n1", 1), true),
        Arguments.of("lost to another node", false, Map.of("n2", 2), false),
        Arguments.of("lost on a tie", false, Map.of("n1", 1, "n2", 1), false),
        Arguments.of("lost without an answer", false, Map.of(), false));
  }

  /** The vote of a case, counting the times the nodes are asked in {@code asked}. */
  private static Vote vote(boolean skipped, Map<String, Integer> votes, AtomicInteger asked) {
    if (skipped) {
      return new Vote.Skipped();
    }
    return new Vote.Asked(
        () -> {
          asked.incrementAndGet();
          return new MasterVote.Outcome(votes, 3);
        });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("votes")
  void theDaemonOnTheMasterStartsOnlyWithTheVoteSkippedOrWon(
      String name, boolean skipped, Map<String, Integer> votes, boolean leads) {
    AtomicInteger asked = new AtomicInteger();
    Leadership leadership =
        new Leadership("n1", cluster, vote(skipped, votes, asked), false, Clock.systemUTC());
    if (leads) {
      leadership.start();
      assertEquals(PartState.RUNNING, leadership.state());
      assertEquals(
          skipped ? "not asked (--no-voting)" : votes.get("n1") + " of 3 nodes",
          leadership.health().detail().replace("master: n1; vote: ", ""));
    } else {
      Leadership.Refused refused = assertThrows(Leadership.Refused.class, leadership::start);
      assertEquals(Leadership.Refused.Reason.LOST_VOTE, refused.reason());
      assertEquals(
          "lost the master vote: "
              + votes
              + " of 3 nodes asked; use --no-voting --yes-do-it only if you are sure this node is"
              + " the master",
          refused.getMessage());
      assertEquals(PartState.FAILED, leadership.state());
    }
    assertEquals(skipped ? 0 : 1, asked.get());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("votes")
  void aStandbyOnTheMasterLeadsOnlyWithTheVoteSkippedOrWon(
      String name, boolean skipped, Map<String, Integer> votes, boolean leads) {
    AtomicInteger asked = new AtomicInteger();
    LeaderFixtures.Told told = new LeaderFixtures.Told();
    MasterWatch watch =
        new MasterWatch(
            "n1",
            cluster,
            vote(skipped, votes, asked),
            Duration.ofMillis(20),
            "http://{node}:1816",
            Clock.systemUTC());
    watch.listen(told);
    watch.start();
    try {
      if (leads) {
        await("n1 leads").atMost(Duration.ofSeconds(10)).until(watch::leads);
        assertEquals(List.of("elected"), told.events);
      } else {
        await("the nodes are asked again at the next look")
            .atMost(Duration.ofSeconds(10))
            .until(() -> asked.get() >= 2);
        assertFalse(watch.leads());
        assertEquals(List.of(), told.events);
      }
    } finally {
      watch.close();
    }
  }
}
