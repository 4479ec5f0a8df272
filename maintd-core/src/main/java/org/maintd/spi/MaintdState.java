package org.maintd.spi;

import io.soabase.recordbuilder.core.RecordBuilder;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.maintd.campaign.Campaign;
import org.maintd.health.InstanceHealth;
import org.maintd.incident.Incident;
import org.maintd.machine.Machine;
import org.maintd.maintenance.Maintenance;
import org.maintd.reboot.Reboots;

/**
 * Everything the daemon persists: a superset of Ganeti's {@code maintenance} object, with the
 * rolling-reboot campaigns, the machines maintd has taken out of service, each node's collector as
 * last polled (for standbys to show), and the maintenance schedule with its machines' modes and
 * their instances' consent, instance health (the watcher's counts, the boot ids seen) and the
 * reboot requests with each node's power cycle. {@code serial} increases with every write; stores
 * use it for compare-and-set. Its single-value withers ({@code withIncidents}, ...) are generated.
 */
@RecordBuilder
public record MaintdState(
    Duration roundDelay,
    List<String> jobs,
    boolean balance,
    double balanceThreshold,
    List<String> evacuated,
    List<Incident> incidents,
    Instant ctime,
    Instant mtime,
    long serial,
    List<Intent> intents,
    boolean paused,
    String pauseReason,
    long round,
    List<Campaign> campaigns,
    List<Machine> machines,
    boolean stormArmed,
    Map<String, CollectorStatus> collectors,
    Maintenance maintenance,
    InstanceHealth health,
    Reboots reboots)
    implements MaintdStateBuilder.With {

  public MaintdState {
    jobs = List.copyOf(jobs);
    evacuated = List.copyOf(evacuated);
    incidents = List.copyOf(incidents);
    intents = List.copyOf(intents);
    campaigns = List.copyOf(campaigns);
    machines = List.copyOf(machines);
    pauseReason = paused ? pauseReason : "";
    collectors =
        collectors == null
            ? Map.of()
            : java.util.Collections.unmodifiableMap(new TreeMap<>(collectors));
    maintenance = maintenance == null ? Maintenance.empty() : maintenance;
    health = health == null ? InstanceHealth.empty() : health;
    reboots = reboots == null ? Reboots.empty() : reboots;
  }

  public static MaintdState initial(Instant now) {
    return new MaintdState(
        Duration.ZERO,
        List.of(),
        false,
        0.1,
        List.of(),
        List.of(),
        now,
        now,
        0,
        List.of(),
        false,
        "",
        0,
        List.of(),
        List.of(),
        true,
        Map.of(),
        Maintenance.empty(),
        InstanceHealth.empty(),
        Reboots.empty());
  }

  /** The jobs of the round under way, and the planned jobs with their ids once submitted. */
  public MaintdState withJobs(List<String> value, List<Intent> newIntents) {
    return withJobs(value).withIntents(newIntents);
  }

  /** Paused with the reason (who paused, or what the storm guard saw), or resumed. */
  public MaintdState withPaused(boolean value, String reason) {
    return withPaused(value).withPauseReason(reason);
  }

  /**
   * Whether {@code other} holds the same content, whatever its version (serial, modification time).
   */
  public boolean sameContentAs(MaintdState other) {
    return withVersion(0, Instant.EPOCH).equals(other.withVersion(0, Instant.EPOCH));
  }

  private MaintdState withVersion(long newSerial, Instant newMtime) {
    return withSerial(newSerial).withMtime(newMtime);
  }

  /**
   * This content as the version to write after {@code stored}: its serial + 1, modified {@code
   * now}.
   */
  public MaintdState versionAfter(MaintdState stored, Instant now) {
    return withVersion(stored.serial() + 1, now);
  }

  /** The next version to write: serial + 1 and the given modification time. */
  public MaintdState nextVersion(Instant now) {
    return withVersion(serial + 1, now);
  }
}
