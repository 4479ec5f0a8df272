package org.maintd.rehearse;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.maintd.campaign.CampaignSpec;
import org.maintd.cluster.Cluster;
import org.maintd.diagnose.Diagnosis;
import org.maintd.incident.Incident;
import org.maintd.incident.IncidentStatus;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;
import org.maintd.reboot.RebootAsk;
import org.maintd.reboot.RebootRequest;
import org.maintd.round.Command;
import org.maintd.spi.MaintdState;

/**
 * What an operator is about to do, as a rehearsal plays it: the command that does it (given to the
 * step as the real one would be), or the fault a node starts to report, and when its work is done.
 * A closed set; each names the node it is about by the cluster's own name. Immutable.
 */
public sealed interface Act {
  /** The node it is about. */
  String node();

  /** What is played, in an operator's words. */
  String says();

  /**
   * The operator's command that does it, made at {@code now} on {@code stored}; none for a fault.
   */
  Optional<Command<?>> command(MaintdState stored, Instant now);

  /** The fault the node reports from the first poll on; none but for a diagnosis. */
  default Optional<Diagnosis> reports() {
    return Optional.empty();
  }

  /** The sentence that says the work is done in {@code state} and {@code cluster}; empty before. */
  Optional<String> done(MaintdState state, Cluster cluster);

  /**
   * What the act's own work waits for in {@code state}, in its own words, where the plan names no
   * wait for it (a campaign's next step); none by default.
   */
  default Optional<String> waiting(MaintdState state) {
    return Optional.empty();
  }

  /**
   * A drain of {@code nodes}, one or more, all at once: one maintenance window naming them all that
   * starts now and has no end, added to the schedule as {@code maintctl schedule add N1 N2 ...
   * --start +0s} posts it, by {@code who}. Done once every one of them is drained and holds no
   * instance. {@link #node()} is the first of them.
   */
  record Drain(List<String> nodes, String who) implements Act {
    public Drain {
      if (nodes.isEmpty()) {
        throw new IllegalArgumentException("a drain names at least one node");
      }
      Set<String> seen = new HashSet<>();
      for (String n : nodes) {
        if (!seen.add(n)) {
          throw new IllegalArgumentException("a drain names " + n + " twice");
        }
      }
      nodes = List.copyOf(nodes);
    }

    /** A drain of one node. */
    public Drain(String node, String who) {
      this(List.of(node), who);
    }

    @Override
    public String node() {
      return nodes.get(0);
    }

    @Override
    public String says() {
      String named = String.join(", ", nodes);
      return "drain "
          + named
          + ": a maintenance window for "
          + named
          + " from now on, with no end, added to the schedule (maintctl schedule add "
          + String.join(" ", nodes)
          + " --start +0s)";
    }

    @Override
    public Optional<Command<?>> command(MaintdState stored, Instant now) {
      List<Window> windows = new ArrayList<>(stored.maintenance().schedule().windows());
      long nanos = now.getEpochSecond() * 1_000_000_000L + now.getNano();
      windows.add(
          new Window(
              nodes.stream().map(MachineId::of).toList(),
              nanos,
              OptionalLong.empty(),
              false,
              false));
      return Optional.of(new Command.PostSchedule(new Schedule(windows), who));
    }

    /** Done once every node is drained and no instance has its primary or secondary on one. */
    @Override
    public Optional<String> done(MaintdState state, Cluster cluster) {
      Set<String> mine = Set.copyOf(nodes);
      boolean drained =
          cluster.nodes().stream().filter(n -> n.drained() && mine.contains(n.name())).count()
              == mine.size();
      boolean empty =
          drained
              && cluster.instances().stream()
                  .noneMatch(i -> mine.contains(i.primary()) || mine.contains(i.secondary()));
      if (!empty) {
        return Optional.empty();
      }
      return Optional.of(
          nodes.size() == 1
              ? node() + " is drained and holds no instance"
              : String.join(", ", nodes) + " are drained and hold no instance");
    }
  }

  /**
   * A reboot request, as {@code POST /1/nodes/<node>/reboot} asks it. Done once the request is done
   * and its node back in service; a keyed one once it holds its node off; or once it failed.
   */
  record Reboot(RebootAsk ask) implements Act {
    @Override
    public String node() {
      return ask.node();
    }

    @Override
    public String says() {
      return ask.mode().wireName()
          + " reboot of "
          + ask.node()
          + ask.key().map(k -> " held by key " + k).orElse(", once")
          + (ask.evacuate() ? ", drained and emptied first" : ", not emptied first");
    }

    @Override
    public Optional<Command<?>> command(MaintdState stored, Instant now) {
      return Optional.of(new Command.RequestReboot(ask));
    }

    @Override
    public Optional<String> done(MaintdState state, Cluster cluster) {
      List<RebootRequest> mine =
          state.reboots().of(ask.node()).stream().filter(r -> r.key().equals(ask.key())).toList();
      if (mine.isEmpty()) {
        return Optional.empty();
      }
      RebootRequest last = mine.get(mine.size() - 1);
      return switch (last.status()) {
        case FAILED -> Optional.of("the reboot request of " + ask.node() + " failed");
        case HELD ->
            Optional.of(
                ask.node()
                    + " is off, held by key "
                    + ask.key().orElse("")
                    + " until it is released (maintctl release "
                    + ask.node()
                    + " "
                    + ask.key().orElse("")
                    + ")");
        case DONE -> backInService(cluster);
        default -> Optional.empty();
      };
    }

    private Optional<String> backInService(Cluster cluster) {
      boolean back = cluster.node(ask.node()).map(n -> !n.drained() && !n.offline()).orElse(false);
      return back ? Optional.of(ask.node() + " rebooted and is back in service") : Optional.empty();
    }
  }

  /**
   * {@code node} reports {@code diagnosis} from the first poll on, as {@code maintctl sim diagnose}
   * makes a simulated node report it. Done once its incident completed or failed.
   */
  record Diagnose(String node, Diagnosis diagnosis) implements Act {
    @Override
    public String says() {
      return node + " reports " + diagnosis.status().wireName() + " from the next poll on";
    }

    @Override
    public Optional<Command<?>> command(MaintdState stored, Instant now) {
      return Optional.empty();
    }

    @Override
    public Optional<Diagnosis> reports() {
      return Optional.of(diagnosis);
    }

    @Override
    public Optional<String> done(MaintdState state, Cluster cluster) {
      return state.incidents().stream()
          .filter(i -> i.sameFault(node, diagnosis))
          .filter(
              i -> i.status() == IncidentStatus.COMPLETED || i.status() == IncidentStatus.FAILED)
          .findFirst()
          .map(Diagnose::said);
    }

    private static String said(Incident i) {
      return "the incident of "
          + i.node()
          + " ("
          + i.diagnosis().status().wireName()
          + ") "
          + i.status().wireName();
    }
  }

  /**
   * A maintenance schedule posted by {@code who} as {@code POST /1/maintenance/schedule} posts it
   * without {@code If-Match} ({@code maintctl schedule set FILE}): it replaces the whole schedule.
   * Done once every machine of it that is a node of the cluster is where its window puts it.
   */
  record PostedSchedule(Schedule schedule, String who) implements Act {
    /** The machines of the schedule, as it names them. */
    @Override
    public String node() {
      return String.join(", ", schedule.machines().stream().map(MachineId::hostname).toList());
    }

    @Override
    public String says() {
      return "the schedule posted (maintctl schedule set), "
          + schedule.windows().size()
          + " window(s): "
          + (schedule.windows().isEmpty() ? "none, the schedule cleared" : node());
    }

    @Override
    public Optional<Command<?>> command(MaintdState stored, Instant now) {
      return Optional.of(new Command.PostSchedule(schedule, who));
    }

    @Override
    public Optional<String> done(MaintdState state, Cluster cluster) {
      return WindowPlaces.reached(schedule, state.maintenance(), cluster);
    }
  }

  /**
   * A rolling-reboot campaign started by {@code who} as {@code POST /1/campaigns} starts it ({@code
   * maintctl campaign start}). Done once it has ended: completed, aborted or failed.
   */
  record CampaignStart(CampaignSpec spec, String who) implements Act {
    /** The nodes it selects, in words. */
    @Override
    public String node() {
      return spec.selection().toString();
    }

    @Override
    public String says() {
      return "a rolling-reboot campaign of "
          + node()
          + " ("
          + spec.mode().wireName()
          + (spec.maxNodes() == 0 ? "" : ", at most " + spec.maxNodes() + " at once")
          + ", soak "
          + spec.soak().toSeconds()
          + " s"
          + (spec.windows().isEmpty() ? "" : ", windows " + spec.windows())
          + ") started (maintctl campaign start)";
    }

    @Override
    public Optional<Command<?>> command(MaintdState stored, Instant now) {
      return Optional.of(new Command.StartCampaign(spec, who));
    }

    @Override
    public Optional<String> done(MaintdState state, Cluster cluster) {
      return CampaignEnd.of(spec, state);
    }

    @Override
    public Optional<String> waiting(MaintdState state) {
      return CampaignEnd.waiting(spec, state);
    }
  }
}
