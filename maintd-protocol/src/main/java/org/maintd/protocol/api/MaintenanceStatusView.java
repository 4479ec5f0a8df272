package org.maintd.protocol.api;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.Node;
import org.maintd.cluster.NodeNamed;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.Consent;
import org.maintd.maintenance.Consents;
import org.maintd.maintenance.MachineNotice;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.maintenance.Window;
import org.maintd.protocol.api.ScheduleBody.Nanos;

/**
 * {@code GET /1/maintenance/status}, in Mesos' shape: the machines draining, each with its
 * instances' answers (Mesos' inverse-offer statuses: {@code ACCEPT}, {@code DECLINE} or {@code
 * UNKNOWN}, the instance as {@code framework_id}, with maintd's reason, source and when to ask
 * again), and the machines down. maintd adds the scheduled machines still {@code UP}, those that
 * are no node of the cluster ({@code unknown_machines}), and the machines' notices (a job of their
 * own that failed, a node changed outside maintd).
 */
public record MaintenanceStatusView(
    List<Draining> draining_machines,
    List<MachineId> down_machines,
    List<Scheduled> scheduled_machines,
    List<MachineId> unknown_machines,
    List<Notice> notices) {

  public MaintenanceStatusView {
    notices = notices == null ? List.of() : notices;
  }

  /**
   * A draining machine: its id, its node, since when, its instances' answers, and whether it is
   * going DOWN (an operator forced it down while instances were left: they move, then it goes).
   */
  public record Draining(
      MachineId id, String node, Double since, List<Status> statuses, boolean going_down) {}

  /**
   * A machine's notice: a job of its own that failed ({@code job-failed}, with the job's id and the
   * cluster's message), or its node changed outside maintd ({@code changed-by-hand}); shown until
   * the next command on it or its next job that succeeds.
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Notice(String node, String kind, String job, String message, Double time) {
    static Notice of(MachineNotice n) {
      if (n instanceof MachineNotice.JobFailed f) {
        return new Notice(f.node(), "job-failed", f.job(), f.message(), Times.seconds(f.at()));
      }
      if (n instanceof MachineNotice.ChangedByHand c) {
        return new Notice(c.node(), "changed-by-hand", null, c.message(), Times.seconds(c.at()));
      }
      throw new IllegalStateException("no view of the notice " + n);
    }
  }

  /** An instance's answer to the drain of its node. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Status(
      String status,
      FrameworkId framework_id,
      Nanos timestamp,
      String instance,
      String reason,
      String source,
      Nanos retry_after) {}

  /** Who answered, as Mesos names a framework: here the instance. */
  public record FrameworkId(String value) {}

  /** A scheduled machine still UP: its id, node, and window. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Scheduled(MachineId id, String node, Nanos start, Nanos end, boolean auto) {}

  public static MaintenanceStatusView of(Cluster cluster, Maintenance m) {
    List<Draining> draining = new ArrayList<>();
    List<MachineId> down = new ArrayList<>();
    List<Scheduled> scheduled = new ArrayList<>();
    List<MachineId> unknown = new ArrayList<>();
    for (Window w : m.schedule().windows()) {
      for (org.maintd.maintenance.MachineId id : w.machines()) {
        MachineId shown = new MachineId(id.hostname(), id.ip().orElse(null));
        Optional<Node> node = node(cluster, id.hostname());
        MachineMode mode = m.modeOf(id.hostname());
        if (node.isEmpty()) {
          unknown.add(shown);
        } else if (mode == MachineMode.DOWN) {
          down.add(shown);
        } else if (mode == MachineMode.DRAIN) {
          draining.add(
              draining(cluster, m, shown, node.get(), m.mode(id.hostname()).orElseThrow()));
        } else {
          scheduled.add(
              new Scheduled(
                  shown,
                  node.get().name(),
                  nanos(w.start()),
                  w.end().map(MaintenanceStatusView::nanos).orElse(null),
                  w.auto()));
        }
      }
    }
    return new MaintenanceStatusView(
        draining, down, scheduled, unknown, m.notices().stream().map(Notice::of).toList());
  }

  private static Draining draining(
      Cluster cluster, Maintenance m, MachineId id, Node node, MaintenanceMode mode) {
    List<Status> statuses = new ArrayList<>();
    for (Instance inst : Consents.on(cluster, node.name())) {
      Optional<Consent> answer =
          m.consentsOn(node.name()).stream()
              .filter(c -> c.instance().equals(inst.name()))
              .reduce((a, b) -> b);
      statuses.add(
          answer
              .map(
                  c ->
                      new Status(
                          c.answer().wireName(),
                          new FrameworkId(inst.name()),
                          nanos(c.at()),
                          inst.name(),
                          c.reason(),
                          c.source(),
                          c.retryAfter().map(MaintenanceStatusView::nanos).orElse(null)))
              .orElse(
                  new Status(
                      Consent.Answer.UNKNOWN.wireName(),
                      new FrameworkId(inst.name()),
                      null,
                      inst.name(),
                      "not answered",
                      null,
                      null)));
    }
    return new Draining(id, node.name(), Times.seconds(mode.since()), statuses, mode.goingDown());
  }

  private static Optional<Node> node(Cluster cluster, String hostname) {
    return cluster != null && NodeNamed.in(cluster, hostname) instanceof NodeNamed.Found f
        ? Optional.of(f.node())
        : Optional.empty();
  }

  private static Nanos nanos(Instant t) {
    return new Nanos(t.getEpochSecond() * 1_000_000_000L + t.getNano());
  }
}
