package org.maintd.maintenance;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maintd.machine.MachineMode;

/**
 * maintd's maintenance state: the schedule as posted, its {@code version} (one more with every
 * change of the schedule: a post, a machine leaving it; what {@code If-Match} names), the modes of
 * the scheduled machines it moved out of {@code UP}, the instances' answers to their drain, and the
 * machines' notices (a job of their own that failed, a node changed by someone else). Immutable.
 */
public record Maintenance(
    Schedule schedule,
    List<MaintenanceMode> modes,
    List<Consent> consents,
    long version,
    List<MachineNotice> notices) {
  public Maintenance {
    modes = List.copyOf(modes);
    consents = List.copyOf(consents);
    notices = List.copyOf(notices);
  }

  public static Maintenance empty() {
    return new Maintenance(Schedule.empty(), List.of(), List.of(), 0, List.of());
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
    return new Maintenance(schedule, out, consents, version, notices);
  }

  /** Without a mode record for {@code hostname}'s machine: UP, still in the schedule. */
  public Maintenance withoutMode(String hostname) {
    return new Maintenance(
        schedule,
        modes.stream().filter(m -> !MachineId.of(m.hostname()).names(hostname)).toList(),
        consents,
        version,
        notices);
  }

  /**
   * Without {@code hostname}'s machine: out of the schedule (a new version, if it was in it), UP,
   * its instances' answers dropped.
   */
  public Maintenance withoutMachine(String hostname, String node) {
    Schedule next = schedule.without(hostname);
    return new Maintenance(
        next,
        modes.stream().filter(m -> !MachineId.of(m.hostname()).names(hostname)).toList(),
        consents.stream().filter(c -> !c.node().equals(node)).toList(),
        next.equals(schedule) ? version : version + 1,
        notices);
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
    return withConsents(out);
  }

  /** With {@code answers} as every instance's answer. */
  public Maintenance withConsents(List<Consent> answers) {
    return new Maintenance(schedule, modes, answers, version, notices);
  }

  /** With {@code modes} as the modes of the machines moved out of UP. */
  public Maintenance withModes(List<MaintenanceMode> next) {
    return new Maintenance(schedule, next, consents, version, notices);
  }

  /** With {@code next} as the schedule posted: the next version, even when it is the same. */
  public Maintenance withSchedule(Schedule next) {
    return new Maintenance(next, modes, consents, version + 1, notices);
  }

  /** The notice of {@code node}'s machine, if it has one. */
  public Optional<MachineNotice> notice(String node) {
    return notices.stream().filter(n -> n.node().equals(node)).findFirst();
  }

  /** With {@code next} as the notice of its node's machine (replacing the one it had). */
  public Maintenance withNotice(MachineNotice next) {
    List<MachineNotice> out = new ArrayList<>(withoutNotice(next.node()).notices);
    out.add(next);
    return new Maintenance(schedule, modes, consents, version, out);
  }

  /** Without a notice for {@code node}'s machine. */
  public Maintenance withoutNotice(String node) {
    return new Maintenance(
        schedule,
        modes,
        consents,
        version,
        notices.stream().filter(n -> !n.node().equals(node)).toList());
  }
}
