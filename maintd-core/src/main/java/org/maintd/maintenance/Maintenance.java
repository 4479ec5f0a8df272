package org.maintd.maintenance;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.machine.MachineMode;

/**
 * maintd's maintenance state: the schedule as posted, the modes of the scheduled machines it moved
 * out of {@code UP}, and the instances' answers to their drain. Immutable.
 */
public record Maintenance(Schedule schedule, List<MaintenanceMode> modes, List<Consent> consents) {
  public Maintenance {
    modes = List.copyOf(modes);
    consents = List.copyOf(consents);
  }

  public static Maintenance empty() {
    return new Maintenance(Schedule.empty(), List.of(), List.of());
  }

  /** The mode record of {@code hostname}'s machine (case-insensitive); empty while it is UP. */
  public Optional<MaintenanceMode> mode(String hostname) {
    return modes.stream().filter(m -> MachineId.of(m.hostname()).names(hostname)).findFirst();
  }

  /** {@code hostname}'s mode as the schedule has it: DRAIN, DOWN, or UP. */
  public MachineMode modeOf(String hostname) {
    return mode(hostname).map(MaintenanceMode::mode).orElse(MachineMode.UP);
  }

  /** With {@code next} as the mode of its machine (replacing the one it had). */
  public Maintenance withMode(MaintenanceMode next) {
    List<MaintenanceMode> out = new ArrayList<>();
    modes.stream()
        .filter(m -> !MachineId.of(m.hostname()).names(next.hostname()))
        .forEach(out::add);
    out.add(next);
    return new Maintenance(schedule, out, consents);
  }

  /**
   * Without {@code hostname}'s machine: out of the schedule, UP, its instances' answers dropped.
   */
  public Maintenance withoutMachine(String hostname, String node) {
    return new Maintenance(
        schedule.without(hostname),
        modes.stream().filter(m -> !MachineId.of(m.hostname()).names(hostname)).toList(),
        consents.stream().filter(c -> !c.node().equals(node)).toList());
  }

  /** The answers given for the drain of {@code node}. */
  public List<Consent> consentsOn(String node) {
    return consents.stream().filter(c -> c.node().equals(node)).toList();
  }

  /** With {@code answer} as the latest of its instance on its node. */
  public Maintenance withConsent(Consent answer) {
    List<Consent> out = new ArrayList<>();
    consents.stream()
        .filter(c -> !(c.instance().equals(answer.instance()) && c.node().equals(answer.node())))
        .forEach(out::add);
    out.add(answer);
    return new Maintenance(schedule, modes, out);
  }

  public Maintenance withSchedule(Schedule next) {
    return new Maintenance(next, modes, consents);
  }
}
