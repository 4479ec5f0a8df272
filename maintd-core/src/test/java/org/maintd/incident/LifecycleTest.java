package org.maintd.incident;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.diagnose.Diagnosis;

class LifecycleTest {
  private static final Instant T0 = Instant.ofEpochSecond(1_800_000_000);
  private static final DiagnoseParser PARSER = new DiagnoseParser();
  private static final Diagnosis EVACUATE =
      PARSER.parseCommandOutput(Map.of("status", "evacuate", "details", Map.of("disk", "sdb")));
  private static final Diagnosis REPAIR =
      PARSER.parseCommandOutput(Map.of("status", "live-repair", "command", "fix"));
  private static final Diagnosis FAILOVER =
      PARSER.parseCommandOutput(Map.of("status", "evacuate-failover"));

  private final AtomicInteger ids = new AtomicInteger();
  private final Lifecycle lifecycle = new Lifecycle(() -> new UUID(0, ids.incrementAndGet()));

  private static Observation fault(Diagnosis d) {
    return new Observation.Fault(d);
  }

  private static final Observation CLEAR = new Observation.Clear();
  private static final Observation UNKNOWN = new Observation.Unknown("unreachable");

  private Incident start(IncidentStatus status) {
    Incident noted =
        lifecycle.observe(List.of(), Map.of("n1", fault(EVACUATE)), T0).incidents().get(0);
    return switch (status) {
      case NOTED -> noted;
      case PENDING -> lifecycle.submitted(noted, List.of("7"), "drain", T0);
      case CANCELED -> lifecycle.cancel(noted, T0, "operator");
      case FAILED ->
          lifecycle.tagged(
              lifecycle.failed(
                  lifecycle.submitted(noted, List.of("7"), "drain", T0), "job 7 error", T0));
      case COMPLETED ->
          lifecycle.tagged(
              lifecycle.completed(
                  lifecycle.submitted(noted, List.of("7"), "drain", T0), "done", T0));
    };
  }

  /** (state, event) → (state after, or "gone"; whether a new incident was opened). */
  static Stream<Arguments> transitions() {
    Map<String, Set<String>> readyTag =
        Map.of("n1", Set.of("maintd:repairready:00000000-0000-0000-0000-000000000001"));
    Map<String, Set<String>> failedTag =
        Map.of("n1", Set.of("maintd:repairfailed:00000000-0000-0000-0000-000000000001"));
    Map<String, Set<String>> noTag = Map.of("n1", Set.of());
    return Stream.of(
        Arguments.of(IncidentStatus.NOTED, "same fault reported", obs(fault(EVACUATE)), "noted", 1),
        Arguments.of(
            IncidentStatus.NOTED,
            "cleared before anything was submitted (transient)",
            obs(CLEAR),
            "gone",
            0),
        Arguments.of(IncidentStatus.NOTED, "node unreachable", obs(UNKNOWN), "noted", 1),
        Arguments.of(IncidentStatus.PENDING, "cleared while jobs run", obs(CLEAR), "pending", 1),
        Arguments.of(
            IncidentStatus.CANCELED, "still reported", obs(fault(EVACUATE)), "canceled", 1),
        Arguments.of(IncidentStatus.CANCELED, "no longer reported", obs(CLEAR), "gone", 0),
        Arguments.of(
            IncidentStatus.CANCELED,
            "another fault reported: forgotten, the new one noted",
            obs(fault(REPAIR)),
            "noted",
            1),
        Arguments.of(
            IncidentStatus.PENDING,
            "another, less invasive fault reported",
            obs(fault(REPAIR)),
            "pending",
            2),
        Arguments.of(
            IncidentStatus.FAILED, "another fault reported", obs(fault(REPAIR)), "failed", 2),
        Arguments.of(
            IncidentStatus.COMPLETED,
            "another fault reported, not acknowledged",
            obs(fault(REPAIR)),
            "completed",
            2),
        Arguments.of(
            IncidentStatus.FAILED, "still reported, tag kept", obs(fault(EVACUATE)), "failed", 1),
        Arguments.of(IncidentStatus.FAILED, "cleared, tag kept", obs(CLEAR), "failed", 1),
        Arguments.of(
            IncidentStatus.FAILED,
            "repairfailed tag removed while reported",
            tags(failedTag, noTag),
            "gone",
            0),
        Arguments.of(
            IncidentStatus.COMPLETED, "still reported", obs(fault(EVACUATE)), "completed", 1),
        Arguments.of(IncidentStatus.COMPLETED, "cleared, tag kept", obs(CLEAR), "completed", 1),
        Arguments.of(
            IncidentStatus.COMPLETED,
            "repairready tag kept",
            tags(readyTag, readyTag),
            "completed",
            1));
  }

  private record Event(Map<String, Observation> observations, Map<String, Set<String>> tags) {}

  private static Event obs(Observation o) {
    return new Event(Map.of("n1", o), null);
  }

  private static Event tags(Map<String, Set<String>> unused, Map<String, Set<String>> now) {
    return new Event(Map.of(), now);
  }

  @ParameterizedTest(name = "{0} + {1} -> {3}")
  @MethodSource("transitions")
  void lifecycleTable(IncidentStatus from, String what, Event event, String expected, int count) {
    List<Incident> list = List.of(start(from));
    list =
        event.tags() == null
            ? lifecycle.observe(list, event.observations(), T0.plusSeconds(30)).incidents()
            : lifecycle.acknowledge(list, event.tags(), T0.plusSeconds(30)).incidents();
    assertEquals(count, list.size(), what);
    if (!expected.equals("gone")) {
      assertEquals(expected, list.get(0).status().wireName(), what);
    }
  }

  @ParameterizedTest
  @MethodSource("otherReports")
  void aNotedIncidentWithAPlannedJobStaysWhenItsFaultIsNoLongerReported(Observation now) {
    Incident noted = start(IncidentStatus.NOTED);
    Map<String, Observation> report = Map.of("n1", now);
    List<Incident> planned =
        lifecycle.observe(List.of(noted), report, Set.of(noted.uuid().toString()), T0).incidents();
    assertTrue(
        planned.stream().anyMatch(i -> i.uuid().equals(noted.uuid())),
        "a planned job may already be in the cluster: its incident must stay to watch it");
    List<Incident> unplanned = lifecycle.observe(List.of(noted), report, T0).incidents();
    assertFalse(unplanned.stream().anyMatch(i -> i.uuid().equals(noted.uuid())));
  }

  static Stream<Observation> otherReports() {
    return Stream.of(CLEAR, fault(REPAIR));
  }

  @Test
  void removingRepairreadyWhileStillReportedForgetsOnlyOnceCleared() {
    Incident done = start(IncidentStatus.COMPLETED);
    List<Incident> acked =
        lifecycle.acknowledge(List.of(done), Map.of("n1", Set.of()), T0).incidents();
    assertEquals(1, acked.size());
    assertTrue(acked.get(0).acknowledged());
    assertEquals(1, lifecycle.observe(acked, Map.of("n1", fault(EVACUATE)), T0).incidents().size());
    assertTrue(lifecycle.observe(acked, Map.of("n1", CLEAR), T0).incidents().isEmpty());
    Lifecycle.Result other = lifecycle.observe(acked, Map.of("n1", fault(REPAIR)), T0);
    assertEquals(
        List.of("live-repair"),
        other.incidents().stream().map(i -> i.diagnosis().status().wireName()).toList(),
        "another fault reported: the acknowledged one is forgotten too");
    assertTrue(
        other.changes().stream()
            .anyMatch(
                c ->
                    c.kind() == Change.Kind.FORGOTTEN
                        && c.reason()
                            .equals("no longer reported: the node now reports live-repair")),
        other.changes().toString());
  }

  @Test
  void removingRepairreadyAfterTheFaultClearedForgetsAtOnce() {
    List<Incident> cleared =
        lifecycle
            .observe(List.of(start(IncidentStatus.COMPLETED)), Map.of("n1", CLEAR), T0)
            .incidents();
    assertEquals(1, cleared.size());
    assertTrue(lifecycle.acknowledge(cleared, Map.of("n1", Set.of()), T0).incidents().isEmpty());
  }

  @Test
  void afterRepairfailedIsRemovedAStillReportedFaultOpensANewIncident() {
    List<Incident> forgotten =
        lifecycle
            .acknowledge(List.of(start(IncidentStatus.FAILED)), Map.of("n1", Set.of()), T0)
            .incidents();
    List<Incident> again =
        lifecycle.observe(forgotten, Map.of("n1", fault(EVACUATE)), T0).incidents();
    assertEquals(1, again.size());
    assertEquals(IncidentStatus.NOTED, again.get(0).status());
    assertEquals(new UUID(0, 2), again.get(0).uuid());
  }

  @Test
  void untaggedOutcomesAreNotAcknowledgedByAMissingTag() {
    Incident failedUntagged = lifecycle.failed(start(IncidentStatus.PENDING), "job error", T0);
    assertEquals(
        1,
        lifecycle
            .acknowledge(List.of(failedUntagged), Map.of("n1", Set.of()), T0)
            .incidents()
            .size());
  }

  @Test
  void identityIgnoresKeyOrder() {
    Map<String, Object> a = new LinkedHashMap<>();
    a.put("status", "evacuate");
    a.put("details", Map.of("disk", "sdb"));
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("details", Map.of("disk", "sdb"));
    b.put("status", "evacuate");
    List<Incident> first =
        lifecycle
            .observe(List.of(), Map.of("n1", fault(PARSER.parseCommandOutput(a))), T0)
            .incidents();
    List<Incident> second =
        lifecycle.observe(first, Map.of("n1", fault(PARSER.parseCommandOutput(b))), T0).incidents();
    assertEquals(1, second.size());
    Map<String, Object> other = new LinkedHashMap<>(b);
    other.put("details", Map.of("disk", "sdc"));
    List<Incident> third =
        lifecycle
            .observe(second, Map.of("n1", fault(PARSER.parseCommandOutput(other))), T0)
            .incidents();
    assertEquals(1, third.size(), "the noted one is closed: it is no longer reported");
    assertFalse(
        third.get(0).uuid().equals(first.get(0).uuid()), "another object is another incident");
  }

  @Test
  void aMoreInvasiveReportSupersedesALessInvasiveUnfinishedOne() {
    Incident noted =
        lifecycle.observe(List.of(), Map.of("n1", fault(REPAIR)), T0).incidents().get(0);
    List<Incident> repair = List.of(lifecycle.submitted(noted, List.of("repair:1"), "run fix", T0));
    Lifecycle.Result r =
        lifecycle.observe(repair, Map.of("n1", fault(EVACUATE)), T0.plusSeconds(5));
    Map<String, IncidentStatus> byAction = byAction(r.incidents());
    assertEquals(IncidentStatus.CANCELED, byAction.get("live-repair"));
    assertEquals(IncidentStatus.NOTED, byAction.get("evacuate"));
    assertTrue(r.changes().stream().anyMatch(c -> c.kind() == Change.Kind.SUPERSEDED));
    assertEquals(
        "evacuate",
        Lifecycle.actedOn(r.incidents(), "n1").orElseThrow().diagnosis().status().wireName());
    List<Incident> started =
        r.incidents().stream()
            .map(
                i ->
                    i.status() == IncidentStatus.NOTED
                        ? lifecycle.submitted(i, List.of("8"), "drain", T0)
                        : i)
            .toList();
    List<Incident> worse =
        lifecycle.observe(started, Map.of("n1", fault(FAILOVER)), T0.plusSeconds(9)).incidents();
    assertEquals(IncidentStatus.CANCELED, byAction(worse).get("evacuate"));
    assertEquals(IncidentStatus.NOTED, byAction(worse).get("evacuate-failover"));
  }

  @Test
  void aLessInvasiveReportWaitsBehindTheActiveOne() {
    Incident evac =
        lifecycle.observe(List.of(), Map.of("n1", fault(EVACUATE)), T0).incidents().get(0);
    List<Incident> pending = List.of(lifecycle.submitted(evac, List.of("7"), "drain", T0));
    List<Incident> both = lifecycle.observe(pending, Map.of("n1", fault(REPAIR)), T0).incidents();
    assertEquals(IncidentStatus.NOTED, byAction(both).get("live-repair"));
    assertEquals(
        "evacuate", Lifecycle.actedOn(both, "n1").orElseThrow().diagnosis().status().wireName());
  }

  @Test
  void aNotedIncidentWhoseNodeNowReportsAnotherFaultClosesAsTransient() {
    List<Incident> list = List.of();
    for (int i = 0; i < 14; i++) {
      Diagnosis d =
          PARSER.parseCommandOutput(
              Map.of("status", "live-repair", "command", "fix", "details", Map.of("try", i)));
      list = lifecycle.observe(list, Map.of("n1", fault(d)), T0.plusSeconds(i)).incidents();
    }
    assertEquals(1, list.size(), "one incident, the one still reported: " + list);
    assertEquals(Map.of("try", 13), list.get(0).diagnosis().original().get("details"));
    Lifecycle.Result r = lifecycle.observe(list, Map.of("n1", fault(EVACUATE)), T0.plusSeconds(20));
    assertEquals(
        List.of("evacuate"),
        r.incidents().stream().map(i -> i.diagnosis().status().wireName()).toList());
    assertTrue(
        r.changes().stream()
            .anyMatch(
                c ->
                    c.kind() == Change.Kind.CLOSED
                        && c.reason().equals("no longer reported: the node now reports evacuate")),
        r.changes().toString());
  }

  @Test
  void cancelOnlyAppliesToActiveIncidents() {
    assertEquals(
        IncidentStatus.CANCELED,
        lifecycle.cancel(start(IncidentStatus.PENDING), T0, "op").status());
    IncidentException e =
        assertThrows(
            IncidentException.class,
            () -> lifecycle.cancel(start(IncidentStatus.COMPLETED), T0, "op"));
    assertTrue(e.getMessage().contains("is completed"), e.getMessage());
  }

  @Test
  void tagsAndJobsFollowTheStatus() {
    Incident pending = start(IncidentStatus.PENDING);
    assertEquals(List.of("7"), pending.jobs());
    assertEquals("maintd:repairready:" + pending.uuid(), pending.tag());
    Incident failed = lifecycle.failed(pending, "job 7 error", T0);
    assertEquals("maintd:repairfailed:" + pending.uuid(), failed.tag());
    assertFalse(failed.tagged());
    assertTrue(failed.serial() > pending.serial());
    assertEquals("failed", failed.history().get(failed.history().size() - 1).event());
    Incident canceledThenFailed =
        lifecycle.failed(
            lifecycle.cancel(start(IncidentStatus.PENDING), T0, "op"), "job error", T0);
    assertEquals(IncidentStatus.CANCELED, canceledThenFailed.status());
  }

  private static Map<String, IncidentStatus> byAction(List<Incident> list) {
    return list.stream()
        .collect(
            java.util.stream.Collectors.toMap(
                i -> i.diagnosis().status().wireName(), Incident::status));
  }

  @SuppressWarnings("unused")
  private static <T> Function<T, T> same() {
    return t -> t;
  }

  @Test
  void anOperationCarriedOutByTwoOfTheClustersJobsRecordsBothInOrder() {
    Incident noted =
        lifecycle.observe(List.of(), Map.of("n1", fault(EVACUATE)), T0).incidents().get(0);
    Incident pending = lifecycle.submitted(noted, List.of("100+101", "102"), "drain", T0);
    assertEquals(List.of("100", "101", "102"), pending.jobs());
    assertEquals(
        "drain (jobs 100, 101, 102)", pending.history().get(pending.history().size() - 1).reason());
  }
}
