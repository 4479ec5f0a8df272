package org.maintd.daemon.backend.sim;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.InstanceStatus;
import org.maintd.daemon.testing.TestCluster;
import org.maintd.htools.HtoolsReader;
import org.maintd.job.JobSpec;
import org.maintd.job.JobStatus;
import org.maintd.job.Operation;
import org.maintd.job.ReasonTrail;
import org.maintd.protocol.state.Mappers;

/**
 * The state written from kept texts is the state as the mapper writes it, and only what changed is
 * written out.
 */
class SimStateWriterTest {
  private static final Instant T0 = Instant.ofEpochSecond(1_800_000_000);

  private final SimStateWriter writer = new SimStateWriter();
  private final Cluster cluster = new HtoolsReader().read(TestCluster.CLUSTER, "t");
  private final int records = cluster.nodes().size() + cluster.instances().size();

  private static SimJob job(String id, JobStatus status) {
    JobSpec spec =
        new JobSpec(
            "k" + id,
            "owner",
            List.of(new Operation.Migrate("web1", "n2", "n3")),
            ReasonTrail.of("test " + id, "k" + id, 1));
    return new SimJob(id, spec, T0, T0.plusSeconds(5), status, "");
  }

  private static SimState state(Cluster c, List<SimJob> jobs) {
    return new SimState(
        c, jobs, List.of(), jobs.size(), Map.of("n3", T0.plusSeconds(60)), Set.of("web1"));
  }

  private byte[] writtenAsTheMapperWritesIt(SimState s) throws Exception {
    byte[] bytes = writer.write(s);
    assertArrayEquals(Mappers.RECORDS.writeValueAsBytes(s), bytes);
    assertEquals(s, Mappers.RECORDS.readValue(bytes, SimState.class));
    return bytes;
  }

  @Test
  void writesEveryRecordOutOnlyOnceWhileTheStateHoldsIt() throws Exception {
    List<SimJob> jobs = new ArrayList<>(List.of(job("1", JobStatus.RUNNING)));
    SimState first = state(cluster, jobs);
    writtenAsTheMapperWritesIt(first);
    assertEquals(records + 1, writer.writtenOut(), "everything, the first time");

    writtenAsTheMapperWritesIt(first);
    assertEquals(0, writer.writtenOut(), "nothing changed");

    jobs.set(0, jobs.get(0).finished(JobStatus.SUCCESS, "done"));
    jobs.add(job("2", JobStatus.RUNNING));
    Cluster moved =
        cluster
            .withInstance("web1", i -> i.withStatus(InstanceStatus.ERROR_down))
            .withNode("n2", n -> n.withTag("moved"));
    writtenAsTheMapperWritesIt(state(moved, jobs));
    assertEquals(4, writer.writtenOut(), "one instance, one node, one finished and one new job");
  }

  @Test
  void forgetsWhatAWriteDidNotUse() throws Exception {
    SimState first = state(cluster, List.of(job("1", JobStatus.RUNNING)));
    writtenAsTheMapperWritesIt(first);
    writtenAsTheMapperWritesIt(state(cluster, List.of()));
    writtenAsTheMapperWritesIt(first);
    assertEquals(
        1, writer.writtenOut(), "the job left out of the write before is written out again");
  }

  @Test
  void writesAStateReadBackFromItsFileAnew() throws Exception {
    SimState first = state(cluster, List.of(job("1", JobStatus.RUNNING)));
    byte[] bytes = writtenAsTheMapperWritesIt(first);
    writtenAsTheMapperWritesIt(Mappers.RECORDS.readValue(bytes, SimState.class));
    assertEquals(records + 1, writer.writtenOut(), "equal records, but other objects");
  }
}
