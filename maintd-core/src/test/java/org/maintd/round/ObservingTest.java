package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.round.StepDriver.fault;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maintd.cluster.TaggedObject;
import org.maintd.incident.IncidentStatus;
import org.maintd.job.JobStatus;

/** What a tick reads from the nodes' reports and tags, before it plans. */
class ObservingTest {

  /** Evacuates n2 until its incident completes; returns the completed incident's uuid. */
  private static String evacuated(StepDriver d) {
    d.tick(Map.of("n2", fault("evacuate")));
    for (int i = 0; i < 12 && d.incident().status() != IncidentStatus.COMPLETED; i++) {
      d.carryOut();
      StepDriver.applyJobs(d);
      d.tick(Map.of("n2", fault("evacuate")), d.jobsAll(JobStatus.SUCCESS));
    }
    assertEquals(IncidentStatus.COMPLETED, d.incident().status());
    return d.incident().uuid().toString();
  }

  @Test
  void anEvacuatedNodeStaysEvacuatedTickAfterTickWhileItsIncidentIsKept() {
    StepDriver d = new StepDriver();
    evacuated(d);
    for (int i = 0; i < 3; i++) {
      d.carryOut();
      d.tick(Map.of("n2", fault("evacuate")));
      assertEquals(List.of("n2"), d.stored().evacuated(), "tick " + i);
    }
  }

  @Test
  void removingTheReadyTagWhileTheFaultIsReportedAcknowledgesTheIncidentAndIsLogged() {
    StepDriver d = new StepDriver();
    String uuid = evacuated(d);
    d.carryOut();
    d.tick(Map.of("n2", fault("evacuate")));
    assertTrue(d.incident().tagged());
    String tag = d.incident().tag();
    d.cluster = d.cluster.withTagsChanged(TaggedObject.node("n2"), List.of(), List.of(tag));
    d.tick(Map.of("n2", fault("evacuate")));
    assertTrue(d.incident().acknowledged());
    assertTrue(
        d.last.log().stream()
            .anyMatch(
                l ->
                    l.text()
                        .equals(
                            "[incident=" + uuid + "] [node=n2] acknowledged: " + tag + " removed")),
        d.last.log().toString());
  }

  @Test
  void aCanceledIncidentIsForgottenWhenItsNodeReportsAnotherFault() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", fault("evacuate")));
    String canceled = d.incident().uuid().toString();
    d.command(new Command.Cancel(canceled, "alice"));
    d.tick(Map.of("n2", fault("live-repair")));
    assertEquals(
        List.of("live-repair"),
        d.stored().incidents().stream().map(i -> i.diagnosis().status().wireName()).toList());
    assertTrue(
        d.last.log().stream()
            .anyMatch(
                l ->
                    l.text()
                        .equals(
                            "[incident="
                                + canceled
                                + "] [node=n2] forgotten: no longer reported: the node now"
                                + " reports live-repair")),
        d.last.log().toString());
  }
}
