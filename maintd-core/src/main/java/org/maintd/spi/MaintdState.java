package org.maintd.spi;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.maintd.campaign.Campaign;
import org.maintd.incident.Incident;
import org.maintd.machine.Machine;

/**
 * Everything the daemon persists: a superset of Ganeti's {@code maintenance} object, with the
 * rolling-reboot campaigns and the machines maintd has taken out of service. {@code serial}
 * increases with every write; stores use it for compare-and-set.
 */
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
    boolean stormArmed) {

  public MaintdState {
    jobs = List.copyOf(jobs);
    evacuated = List.copyOf(evacuated);
    incidents = List.copyOf(incidents);
    intents = List.copyOf(intents);
    campaigns = List.copyOf(campaigns);
    machines = List.copyOf(machines);
    pauseReason = paused ? pauseReason : "";
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
        true);
  }

  public MaintdState withIncidents(List<Incident> value) {
    return new MaintdState(
        roundDelay,
        jobs,
        balance,
        balanceThreshold,
        evacuated,
        value,
        ctime,
        mtime,
        serial,
        intents,
        paused,
        pauseReason,
        round,
        campaigns,
        machines,
        stormArmed);
  }

  public MaintdState withJobs(List<String> value, List<Intent> newIntents) {
    return new MaintdState(
        roundDelay,
        value,
        balance,
        balanceThreshold,
        evacuated,
        incidents,
        ctime,
        mtime,
        serial,
        newIntents,
        paused,
        pauseReason,
        round,
        campaigns,
        machines,
        stormArmed);
  }

  public MaintdState withEvacuated(List<String> value) {
    return new MaintdState(
        roundDelay,
        jobs,
        balance,
        balanceThreshold,
        value,
        incidents,
        ctime,
        mtime,
        serial,
        intents,
        paused,
        pauseReason,
        round,
        campaigns,
        machines,
        stormArmed);
  }

  /** Paused with the reason (who paused, or what the storm guard saw), or resumed. */
  public MaintdState withPaused(boolean value, String reason) {
    return new MaintdState(
        roundDelay,
        jobs,
        balance,
        balanceThreshold,
        evacuated,
        incidents,
        ctime,
        mtime,
        serial,
        intents,
        value,
        reason,
        round,
        campaigns,
        machines,
        stormArmed);
  }

  public MaintdState withRoundDelay(Duration value) {
    return new MaintdState(
        value,
        jobs,
        balance,
        balanceThreshold,
        evacuated,
        incidents,
        ctime,
        mtime,
        serial,
        intents,
        paused,
        pauseReason,
        round,
        campaigns,
        machines,
        stormArmed);
  }

  public MaintdState withRound(long value) {
    return new MaintdState(
        roundDelay,
        jobs,
        balance,
        balanceThreshold,
        evacuated,
        incidents,
        ctime,
        mtime,
        serial,
        intents,
        paused,
        pauseReason,
        value,
        campaigns,
        machines,
        stormArmed);
  }

  public MaintdState withCampaigns(List<Campaign> value) {
    return new MaintdState(
        roundDelay,
        jobs,
        balance,
        balanceThreshold,
        evacuated,
        incidents,
        ctime,
        mtime,
        serial,
        intents,
        paused,
        pauseReason,
        round,
        value,
        machines,
        stormArmed);
  }

  public MaintdState withMachines(List<Machine> value) {
    return new MaintdState(
        roundDelay,
        jobs,
        balance,
        balanceThreshold,
        evacuated,
        incidents,
        ctime,
        mtime,
        serial,
        intents,
        paused,
        pauseReason,
        round,
        campaigns,
        value,
        stormArmed);
  }

  /**
   * Whether the storm guard may pause automatic actions: it trips once per storm, and re-arms only
   * after a poll without one, so that an operator's resume holds through the storm and a restart.
   */
  public MaintdState withStormArmed(boolean value) {
    return new MaintdState(
        roundDelay,
        jobs,
        balance,
        balanceThreshold,
        evacuated,
        incidents,
        ctime,
        mtime,
        serial,
        intents,
        paused,
        pauseReason,
        round,
        campaigns,
        machines,
        value);
  }

  /**
   * Whether {@code other} holds the same content, whatever its version (serial, modification time).
   */
  public boolean sameContentAs(MaintdState other) {
    return withVersion(0, Instant.EPOCH).equals(other.withVersion(0, Instant.EPOCH));
  }

  private MaintdState withVersion(long newSerial, Instant newMtime) {
    return new MaintdState(
        roundDelay,
        jobs,
        balance,
        balanceThreshold,
        evacuated,
        incidents,
        ctime,
        newMtime,
        newSerial,
        intents,
        paused,
        pauseReason,
        round,
        campaigns,
        machines,
        stormArmed);
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
    return new MaintdState(
        roundDelay,
        jobs,
        balance,
        balanceThreshold,
        evacuated,
        incidents,
        ctime,
        now,
        serial + 1,
        intents,
        paused,
        pauseReason,
        round,
        campaigns,
        machines,
        stormArmed);
  }
}
