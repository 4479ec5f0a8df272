package org.maintd.round;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maintd.round.StepDriver.fault;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maintd.incident.IncidentStatus;
import org.maintd.job.JobStatus;

/** Operators' commands through the step: what they change and what they log. */
class CommandsTest {

  private static List<String> said(StepDriver d) {
    return d.last.log().stream().map(LogLine::text).toList();
  }

  @Test
  void pausingAndResumingAreEachLoggedAsWhatTheyDid() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", StepDriver.ok()));
    d.command(new Command.Pause(true, "alice"));
    assertEquals(List.of("automatic actions paused by alice"), said(d));
    d.command(new Command.Pause(false, "bob"));
    assertEquals(List.of("automatic actions resumed by bob"), said(d));
  }

  @Test
  void aNodePutBackByForceCancelsItsActiveIncident() {
    StepDriver d = new StepDriver();
    d.tick(Map.of("n2", fault("evacuate")));
    d.carryOut();
    StepDriver.applyJobs(d);
    d.tick(Map.of("n2", fault("evacuate")));
    d.tick(Map.of("n2", fault("evacuate")), d.jobsAll(JobStatus.SUCCESS));
    String uuid = d.incident().uuid().toString();
    assertTrue(d.incident().status().isActive(), d.incident().toString());
    assertTrue(d.cluster.node("n2").orElseThrow().drained());

    d.command(new Command.MachinesUp(List.of("n2"), true, "alice"));
    assertInstanceOf(Reply.AfterEffects.class, d.reply());
    assertEquals(1, d.stored().incidents().size());
    assertEquals(IncidentStatus.CANCELED, d.incident().status());
    assertEquals(
        "canceled: n2 put back in service by alice (forced)",
        d.incident().history().get(d.incident().history().size() - 1).reason());
    assertTrue(
        said(d)
            .contains(
                "[incident="
                    + uuid
                    + "] [node=n2] canceled: the node is put back in service by alice (forced)"),
        said(d).toString());
  }
}
