package org.maintd.daemon.simulation;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import org.maintd.cluster.Cluster;
import org.maintd.cluster.Instance;
import org.maintd.cluster.TaggedObject;
import org.maintd.job.Operation;
import org.maintd.machine.MachineMode;
import org.maintd.maintenance.Consent;
import org.maintd.maintenance.Consents;
import org.maintd.maintenance.MachineId;
import org.maintd.maintenance.Maintenance;
import org.maintd.maintenance.MaintenanceMode;
import org.maintd.maintenance.Schedule;
import org.maintd.maintenance.Window;
import org.maintd.round.Command;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;

/**
 * The maintenance schedule in the simulation, from a stream of its own: an operator posts schedules
 * (windows of one or two nodes, starting soon or already started, of a minute, an hour or
 * indefinite, some {@code auto}, some respecting declines, some naming a machine that is no node),
 * clears them, takes machines down and brings them up; instances decline by tag and stop declining.
 * Checked: no job moves an instance off a draining machine while it declined (as the state its job
 * was planned in says) before its window started, or at all when the window respects declines,
 * unless an operator forced the machine down (its mode going DOWN: declines overridden).
 */
final class SimulatedMaintenance {
  static final String DECLINE = Consents.DECLINE_TAG + "simulated batch";

  private final Random random;
  private final SimulatedCluster cluster;
  private final List<String> nodes;
  private final Set<String> checkedIntents = new HashSet<>();
  private int declinedHeld;

  SimulatedMaintenance(Random random, SimulatedCluster cluster, List<String> nodes) {
    this.random = random;
    this.cluster = cluster;
    this.nodes = nodes;
  }

  /** Whether this step brings a maintenance event too. */
  boolean due() {
    return random.nextInt(100) < 8;
  }

  /**
   * One event: a command for the daemon, or a change to an instance's tags; said in {@code note}.
   */
  Optional<Command> event(MaintdState s, Instant now, Consumer<String> note) {
    int roll = random.nextInt(10);
    if (roll < 4) {
      Schedule next = schedule(now);
      note.accept("operator posts a schedule of " + next.machines().size() + " machine(s)");
      return Optional.of(new Command.PostSchedule(next, "op"));
    }
    if (roll == 4) {
      note.accept("operator clears the schedule");
      return Optional.of(new Command.PostSchedule(Schedule.empty(), "op"));
    }
    if (roll < 7) {
      toggleDecline(note);
      return Optional.empty();
    }
    List<String> scheduled =
        s.maintenance().schedule().machines().stream().map(MachineId::hostname).toList();
    if (scheduled.isEmpty()) {
      return Optional.empty();
    }
    String machine = scheduled.get(random.nextInt(scheduled.size()));
    if (roll < 9) {
      boolean force = random.nextInt(3) == 0;
      note.accept("operator takes " + machine + " down" + (force ? " (forced)" : ""));
      return Optional.of(new Command.MachinesDown(List.of(machine), force, "op"));
    }
    note.accept("operator brings " + machine + " up");
    return Optional.of(new Command.MachinesUp(List.of(machine), false, "op"));
  }

  private Schedule schedule(Instant now) {
    List<String> free = new ArrayList<>(nodes);
    List<Window> windows = new ArrayList<>();
    int count = 1 + random.nextInt(2);
    for (int w = 0; w < count && !free.isEmpty(); w++) {
      List<MachineId> machines = new ArrayList<>();
      int size = 1 + random.nextInt(2);
      for (int m = 0; m < size && !free.isEmpty(); m++) {
        machines.add(MachineId.of(free.remove(random.nextInt(free.size()))));
      }
      if (random.nextInt(10) == 0) {
        machines.add(MachineId.of("ghost" + w));
      }
      Instant start = now.plus(Duration.ofMinutes(random.nextInt(100) - 10));
      int kind = random.nextInt(4);
      OptionalLong duration =
          kind == 0
              ? OptionalLong.empty()
              : OptionalLong.of(
                  Duration.ofMinutes(kind == 1 ? 1 : 10 + random.nextInt(60)).toNanos());
      windows.add(
          new Window(
              machines,
              start.getEpochSecond() * 1_000_000_000L,
              duration,
              random.nextBoolean(),
              random.nextInt(5) == 0));
    }
    return new Schedule(windows);
  }

  private void toggleDecline(Consumer<String> note) {
    List<Instance> all = cluster.now().instances();
    if (all.isEmpty()) {
      return;
    }
    Instance inst = all.get(random.nextInt(all.size()));
    boolean declines = inst.tags().contains(DECLINE);
    note.accept("instance " + inst.name() + (declines ? " stops declining" : " declines drains"));
    cluster.tagByHand(
        TaggedObject.instance(inst.name()),
        declines ? List.of() : List.of(DECLINE),
        declines ? List.of(DECLINE) : List.of());
  }

  /**
   * Checks every intent first seen in {@code saved} (planned this step, so {@code world} shows the
   * instances' tags as the daemon saw them): a maintenance move of an instance that declines the
   * drain of its node, before its window started or in a window that respects declines, breaks the
   * promise.
   */
  Optional<String> check(MaintdState saved, Cluster world) {
    if (saved == null) {
      return Optional.empty();
    }
    for (Intent i : saved.intents()) {
      if (!checkedIntents.add(i.job().key()) || !i.job().owner().startsWith("machine:")) {
        continue;
      }
      String node = i.job().owner().substring("machine:".length());
      if (saved.maintenance().mode(node).map(MaintenanceMode::goingDown).orElse(false)) {
        continue;
      }
      Instant planned = Instant.ofEpochSecond(0, i.job().reason().timestampNanos());
      Optional<Window> window = saved.maintenance().schedule().windowOf(node);
      for (Operation op : i.job().operations()) {
        for (String inst : op.instances()) {
          boolean declines =
              world.instance(inst).map(x -> x.tags().contains(DECLINE)).orElse(false);
          if (declines
              && window.isPresent()
              && (planned.isBefore(window.get().start()) || window.get().respectDeclines())) {
            return Optional.of(
                "consent: "
                    + inst
                    + " declines the drain of "
                    + node
                    + " and was moved off it by job "
                    + i.job().key()
                    + ", its window "
                    + (window.get().respectDeclines()
                        ? "respecting declines"
                        : "starting at " + window.get().start()));
          }
        }
      }
    }
    return Optional.empty();
  }

  /** Counts the steps after which a declined instance stayed on a draining machine. */
  void countHeld(MaintdState s, Cluster c) {
    for (MaintenanceMode mode : s.maintenance().modes()) {
      if (mode.mode() == MachineMode.DRAIN
          && s.maintenance().consentsOn(mode.hostname()).stream().anyMatch(Consent::declined)) {
        declinedHeld++;
        return;
      }
    }
  }

  int declinedHeld() {
    return declinedHeld;
  }

  /** What the operator does at the end: machines down brought up, then the schedule cleared. */
  List<Command> tidyUp(MaintdState s) {
    List<Command> out = new ArrayList<>();
    for (MaintenanceMode m : s.maintenance().modes()) {
      if (m.mode() == MachineMode.DOWN) {
        out.add(new Command.MachinesUp(List.of(m.hostname()), false, "op"));
      }
    }
    if (!s.maintenance().schedule().windows().isEmpty()) {
      out.add(new Command.PostSchedule(Schedule.empty(), "op"));
    }
    return out;
  }

  static boolean finished(MaintdState s) {
    return s.maintenance().equals(Maintenance.empty())
        || s.maintenance().schedule().windows().isEmpty() && s.maintenance().modes().isEmpty();
  }
}
