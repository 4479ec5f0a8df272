package org.maintd.jobtime;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.maintd.cluster.Cluster;
import org.maintd.job.JobSpec;
import org.maintd.job.Operation;

/**
 * How long each operation takes: for a kind the cluster's recent history holds (its last {@link
 * #RECENT} operations of that kind), what they teach ({@link KindTime}); for the others, the
 * simulated cluster's settings: {@code perOperation} per operation plus {@code perGiB} per GiB a
 * move or a new secondary copies. A job takes the sum of its operations. Immutable.
 */
public final class OperationTimes {
  /** How many of a kind's latest operations are learned from. */
  public static final int RECENT = 50;

  private final Map<String, KindTime> learned;
  private final Duration perOperation;
  private final Duration perGiB;

  private OperationTimes(Map<String, KindTime> learned, Duration perOperation, Duration perGiB) {
    this.learned = learned;
    this.perOperation = perOperation;
    this.perGiB = perGiB;
  }

  /** The settings' times for every kind: no history. */
  public static OperationTimes assumed(Duration perOperation, Duration perGiB) {
    return new OperationTimes(Map.of(), perOperation, perGiB);
  }

  /** What {@code history} teaches, the settings' times for the kinds it does not hold. */
  public static OperationTimes learned(
      List<PastOperation> history, Duration perOperation, Duration perGiB) {
    Map<String, List<PastOperation>> byKind =
        history.stream()
            .collect(Collectors.groupingBy(PastOperation::kind, TreeMap::new, Collectors.toList()));
    Map<String, KindTime> learned = new TreeMap<>();
    byKind.forEach((kind, past) -> learned.put(kind, KindTime.learn(kind, recent(past))));
    return new OperationTimes(learned, perOperation, perGiB);
  }

  private static List<PastOperation> recent(List<PastOperation> past) {
    List<PastOperation> latest = new ArrayList<>(past);
    latest.sort(Comparator.comparing(PastOperation::ended).reversed());
    return latest.subList(0, Math.min(RECENT, latest.size()));
  }

  /** How long {@code job} takes in {@code cluster}: the sum of its operations' times. */
  public Duration of(JobSpec job, Cluster cluster) {
    Duration total = Duration.ZERO;
    for (Operation op : job.operations()) {
      total = total.plus(of(op, cluster));
    }
    return total;
  }

  /** How long {@code op} takes in {@code cluster}. */
  public Duration of(Operation op, Cluster cluster) {
    return Optional.ofNullable(learned.get(op.kind()))
        .map(kind -> kind.of(OperationSize.of(op, cluster)))
        .orElseGet(
            () ->
                perOperation.plusMillis(
                    perGiB.toMillis() * OperationSize.copiedDisk(op, cluster) / 1024));
  }

  /** What was learned, by kind. */
  public Map<String, KindTime> learned() {
    return Map.copyOf(learned);
  }

  /**
   * What these times are, in an operator's words: what each kind learned says, then the settings
   * for every other kind.
   */
  public String says() {
    String settings =
        KindTime.seconds(perOperation)
            + " per operation, plus "
            + KindTime.seconds(perGiB)
            + " per GiB a move or a new secondary copies (sim.operationTime, sim.timePerGiB)";
    if (learned.isEmpty()) {
      return settings + " for every kind: no operation in the cluster's job history";
    }
    return "from the cluster's job history: "
        + learned.values().stream().map(KindTime::says).collect(Collectors.joining("; "))
        + "; every other kind "
        + settings;
  }
}
