package org.maintd.round;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.maintd.cluster.Cluster;
import org.maintd.guard.AlertState;
import org.maintd.health.DiskStatus;
import org.maintd.job.JobState;
import org.maintd.spi.CollectorReading;

/**
 * What one step is given. A tick ({@code plan} true) brings a fresh snapshot, this poll's readings
 * and the status of every job waited for ({@link Watch}), and plans a round; a command step brings
 * the latest snapshot known and only applies the commands. Both bring the outcomes of the previous
 * step's effects; a tick also what the consent commands answered since the last one, and the alerts
 * the interlock read (quiet without one), and what the cluster says of the instances' disks. A step
 * may bring how far the wall clock was seen to step since the last one ({@code clockStep}, zero
 * when it was not): the state's running waits move with it ({@link ClockStep}). Its single-value
 * withers ({@code withConsents}, ...) are generated.
 */
@RecordBuilder
public record Inputs(
    Cluster cluster,
    Map<String, CollectorReading> readings,
    Map<String, JobState> jobs,
    List<Outcome> outcomes,
    List<Numbered<?>> commands,
    boolean plan,
    ConsentPoll consents,
    AlertState alerts,
    DiskStatus disks,
    Duration clockStep)
    implements InputsBuilder.With {

  public Inputs {
    readings = Sorted.copy(readings);
    jobs = Sorted.copy(jobs);
    outcomes = List.copyOf(outcomes);
    commands = List.copyOf(commands);
    clockStep = clockStep == null ? Duration.ZERO : clockStep;
  }

  /** A command and the number its answer is filed under ({@link StepResult#replyTo}). */
  public record Numbered<R>(long id, Command<R> command) {}

  public static Inputs tick(
      Cluster cluster,
      Map<String, CollectorReading> readings,
      Map<String, JobState> jobs,
      List<Outcome> outcomes,
      List<Numbered<?>> commands) {
    return new Inputs(
        cluster,
        readings,
        jobs,
        outcomes,
        commands,
        true,
        ConsentPoll.none(),
        AlertState.quiet(),
        DiskStatus.unknown(),
        Duration.ZERO);
  }

  /**
   * A step that applies {@code commands} (and takes in {@code outcomes}) without polling or
   * planning; {@code cluster} may be null to go on from the cluster the last step left.
   */
  public static Inputs commands(
      Cluster cluster, List<Outcome> outcomes, List<Numbered<?>> commands) {
    return new Inputs(
        cluster,
        Map.of(),
        Map.of(),
        outcomes,
        commands,
        false,
        ConsentPoll.none(),
        AlertState.quiet(),
        DiskStatus.unknown(),
        Duration.ZERO);
  }
}
