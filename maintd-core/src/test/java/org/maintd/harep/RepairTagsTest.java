package org.maintd.harep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.DiskTemplate;
import org.maintd.cluster.TaggedObject;
import org.maintd.testing.ClusterBuilder;

/** harep's tag grammar, its policy precedence and the state its tags give an instance. */
class RepairTagsTest {
  private static final String P = "ganeti:watcher:autorepair:";
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);

  @Test
  void tagsAreWrittenExactlyAsHarepWritesThem() {
    assertEquals(
        P + "pending:failover:a1b2:1700000000:12",
        RepairTag.pending(RepairType.FAILOVER, "a1b2", 1_700_000_000, List.of("12")).text());
    assertEquals(
        P + "result:fix-storage:a1b2:1700000100:success:12+13",
        RepairTag.pending(RepairType.FIX_STORAGE, "a1b2", 1_700_000_000, List.of("12", "13"))
            .ended(RepairResult.SUCCESS, 1_700_000_100)
            .text());
    assertEquals(
        P + "result:reinstall:a1b2:1700000000:enoperm:",
        new RepairTag(
                RepairType.REINSTALL,
                "a1b2",
                1_700_000_000,
                Optional.of(RepairResult.ENOPERM),
                List.of())
            .text());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "pending:failover:u1:1700000000:12",
        "pending:migrate:u1:1700000000:12+13+14",
        "result:reinstall:u1:1700000000:failure:7",
        "result:fix-storage:u1:1700000000:enoperm:",
        "result:failover:u1:1700000000:success:1+2"
      })
  void parsingAndWritingAgain(String tag) {
    assertEquals(P + tag, RepairTag.parse(P + tag).orElseThrow().text());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "pending:failover:u1:1700000000|expected <type>:<id>:<time>:<jobs>",
        "result:failover:u1:1700000000:12|expected <type>:<id>:<time>:<result>:<jobs>",
        "pending:reboot:u1:1700000000:12|unknown repair type 'reboot'",
        "pending:failover:u1:soon:12|the time 'soon' is not whole seconds",
        "result:failover:u1:1700000000:maybe:12|unknown result 'maybe'",
        "pending:failover:u1:1700000000:1++2|'' is not a job id",
        "pending:failover:u1:1700000000:x|'x' is not a job id",
        "pending:failover::1700000000:1|the repair id is empty"
      })
  void malformedStateTagsAreRefusedSayingWhy(String tag, String why) {
    HarepTagException e = assertThrows(HarepTagException.class, () -> RepairTag.parse(P + tag));
    assertEquals("auto-repair tag '" + P + tag + "': " + why, e.getMessage());
  }

  @Test
  void otherTagsAreNotStateTags() {
    assertTrue(RepairTag.parse(P + "failover").isEmpty());
    assertTrue(RepairTag.parse(P + "suspend").isEmpty());
    assertTrue(RepairTag.parse("maintd:repairready:x").isEmpty());
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "''|none",
        "failover|enabled failover",
        "fix-storage,reinstall|enabled fix-storage",
        "reinstall,migrate,failover|enabled migrate",
        "failover,suspend|suspended forever",
        "failover,suspend:|suspended forever",
        "failover,suspend:1800000600|suspended until 1800000600",
        "suspend:1800000600,suspend:1800000900|suspended until 1800000900",
        "failover,suspend:1799999999|enabled failover",
        "failover,suspend:1800000000|enabled failover",
        "failover,suspend:1800000001|suspended until 1800000001",
        "suspend:1799999999|none",
        "failover,suspend:tomorrow|enabled failover",
        "bogus|none"
      })
  void onOneObjectASuspensionBeatsEnablingAndTheLeastDestructiveTypeWins(
      String tags, String expected) {
    List<String> list =
        tags.isEmpty() ? List.of() : List.of(tags.split(",")).stream().map(t -> P + t).toList();
    assertEquals(expected, describe(RepairPolicy.of(list, NOW)));
  }

  static String describe(Optional<RepairPolicy> policy) {
    if (policy.isEmpty()) {
      return "none";
    }
    RepairPolicy p = policy.get();
    if (p instanceof RepairPolicy.Enabled e) {
      return "enabled " + e.max().wireName();
    }
    if (p instanceof RepairPolicy.Suspended s) {
      return s.until()
          .map(t -> "suspended until " + t.getEpochSecond())
          .orElse("suspended forever");
    }
    return "not enabled";
  }

  @Test
  void expiredSuspensionsAreFoundForRemoval() {
    List<String> tags =
        List.of(
            P + "suspend:1799999999",
            P + "suspend:1800000000",
            P + "suspend:1800000001",
            P + "suspend",
            P + "failover");
    assertEquals(
        List.of(P + "suspend:1799999999", P + "suspend:1800000000"),
        RepairPolicy.expiredSuspensions(tags, NOW),
        "a suspension ending exactly now is over");
  }

  @Test
  void expiredSuspensionsAreFoundOnTheClusterItsGroupsAndItsInstances() {
    String over = P + "suspend:1799999999";
    String current = P + "suspend:1800000600";
    Cluster c =
        new ClusterBuilder()
            .group("g")
            .node("n1", "g", 8192, 100000, true)
            .node("n2", "g", 8192, 100000, false)
            .instance("i1", "n1", "n2", DiskTemplate.DRBD)
            .build();
    c = c.withTagsOf(TaggedObject.cluster(), t -> List.of(over, current));
    c = c.withTagsOf(new TaggedObject(TaggedObject.Kind.GROUP, "g"), t -> List.of(current, over));
    c = c.withTagsOf(TaggedObject.instance("i1"), t -> List.of(over));
    assertEquals(
        List.of(
            new RepairPolicies.Expired(TaggedObject.cluster(), List.of(over)),
            new RepairPolicies.Expired(
                new TaggedObject(TaggedObject.Kind.GROUP, "g"), List.of(over)),
            new RepairPolicies.Expired(TaggedObject.instance("i1"), List.of(over))),
        new RepairPolicies(c, NOW).expired());
  }

  private static RepairState state(String... tags) {
    return RepairState.of("inst1", List.of(tags).stream().map(t -> P + t).toList());
  }

  @Test
  void anInstanceWithoutStateTagsIsHealthy() {
    RepairState s = state("failover");
    assertEquals(new RepairState.Healthy(Optional.empty(), "", List.of()), s);
  }

  @Test
  void aPendingRepairIsPending() {
    RepairState s = state("pending:failover:u1:100:12");
    assertInstanceOf(RepairState.Pending.class, s);
    assertEquals(P + "pending:failover:u1:100:12", s.raw());
  }

  @Test
  void withinOneRepairTheGreatestResultThenTheNewestSpeaks() {
    assertInstanceOf(
        RepairState.Healthy.class,
        state("pending:failover:u1:100:12", "result:failover:u1:200:success:12"));
    assertInstanceOf(
        RepairState.Failed.class,
        state("result:failover:u1:300:success:12", "result:failover:u1:200:failure:12"));
  }

  @Test
  void withinOneRepairAnyResultOutranksANewerPendingTag() {
    RepairState s = state("pending:failover:u1:200:12", "result:failover:u1:100:enoperm:");
    assertInstanceOf(RepairState.Healthy.class, s, "the result, although older, speaks");
    assertEquals(P + "result:failover:u1:100:enoperm:", s.raw());
  }

  @Test
  void repairsAreReadInTheOrderOfTheirTimesNotAsTheyAreListed() {
    RepairState s = state("pending:fix-storage:u2:200:13", "result:failover:u1:100:success:12");
    assertInstanceOf(RepairState.Pending.class, s, "the older, ended repair is read first");
    assertEquals(List.of(P + "result:failover:u1:100:success:12"), s.stale());
  }

  @Test
  void theNewestRepairDecidesAndReplacesTheOlderResult() {
    RepairState s = state("result:failover:u1:100:success:12", "pending:fix-storage:u2:200:13");
    assertInstanceOf(RepairState.Pending.class, s);
    assertEquals(List.of(P + "result:failover:u1:100:success:12"), s.stale());
  }

  @Test
  void theEarliestFailureAlwaysWins() {
    RepairState s =
        state("result:failover:u1:100:failure:12", "result:fix-storage:u2:200:success:13");
    assertInstanceOf(RepairState.Failed.class, s);
    assertEquals(P + "result:failover:u1:100:failure:12", s.raw());
  }

  @Test
  void aPendingRepairFollowedByANewerOneIsAnError() {
    HarepTagException e =
        assertThrows(
            HarepTagException.class,
            () -> state("pending:failover:u1:100:12", "result:fix-storage:u2:200:success:13"));
    assertTrue(
        e.getMessage().startsWith("an unfinished repair was found in instance inst1"),
        e.getMessage());
  }

  @Test
  void ownersRoundTrip() {
    HarepOwner o = new HarepOwner("web1.example.com", RepairType.FIX_STORAGE, "0f3c");
    assertEquals("harep:web1.example.com:fix-storage:0f3c", o.text());
    assertEquals(Optional.of(o), HarepOwner.parse(o.text()));
    assertTrue(HarepOwner.parse("9724c479-0000-0000-0000-000000000000").isEmpty());
    assertTrue(HarepOwner.parse("harep:x:reboot:1").isEmpty());
  }
}
