package org.maintd.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.maintd.cluster.Cluster;
import org.maintd.diagnose.DiagnoseParser;
import org.maintd.incident.Incident;
import org.maintd.incident.Lifecycle;
import org.maintd.incident.Observation;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.testing.ClusterBuilder;

/** Which nodes maintd remembers having taken out of service, and when it forgets them. */
class MachinesTest {
  private static final Instant NOW = Instant.ofEpochSecond(1_800_000_000);
  private static final Cluster UP =
      new ClusterBuilder()
          .node("n1", "g", 8192, 100000, true)
          .node("n2", "g", 8192, 100000, false)
          .build();
  private static final Cluster N2_DRAINED =
      UP.withNode("n2", n -> n.withFlags(n.flags().withDrained(true)));

  private static JobSpec job(String owner, Operation... ops) {
    return new JobSpec(
        owner + "-r1-1", owner, List.of(ops), ReasonTrail.of("what", owner + "-r1-1", 0));
  }

  @Test
  void aDrainOrOfflineJobRecordsTheNodeOnceWithItsOwnerAndReason() {
    List<Machine> after =
        Machines.takenOut(
            List.of(),
            List.of(
                job("inc-1", Operation.SetNodeFlags.drain("n2")),
                job("inc-1", Operation.SetNodeFlags.offline("n2")),
                job("balance:i1", new Operation.Migrate("i1", "n1", "n2")),
                job(
                    "machine:n3",
                    new Operation.SetNodeFlags("n3", Optional.of(false), Optional.empty()))),
            NOW);
    assertEquals(List.of(new Machine("n2", NOW, "inc-1", "what [inc-1-r1-1]")), after);
  }

  @Test
  void aRecordStaysWhileTheNodeIsOutOrItsOwnerIsStillAtWork() {
    Incident active = LIFECYCLE.observe(List.of(), Map.of("n2", EVACUATE), NOW).incidents().get(0);
    Machine byActive = new Machine("n2", NOW, active.uuid().toString(), "drain n2");
    assertEquals(
        List.of(byActive),
        Machines.retained(List.of(byActive), UP, List.of(active), List.of()),
        "its drain job has not run yet");
    Machine byOld = new Machine("n2", NOW, "gone-incident", "drain n2");
    assertEquals(
        List.of(byOld), Machines.retained(List.of(byOld), N2_DRAINED, List.of(), List.of()));
    assertEquals(
        List.of(),
        Machines.retained(List.of(byOld), UP, List.of(), List.of()),
        "undrained by hand or by up");
    assertEquals(
        List.of(),
        Machines.retained(List.of(new Machine("n9", NOW, "x", "")), UP, List.of(), List.of()),
        "no longer in the cluster");
  }

  private static final Lifecycle LIFECYCLE = new Lifecycle(UUID::randomUUID);
  private static final Observation EVACUATE =
      new Observation.Fault(new DiagnoseParser().parseCommandOutput(Map.of("status", "evacuate")));
}
