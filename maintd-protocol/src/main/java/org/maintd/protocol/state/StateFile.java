package org.maintd.protocol.state;

import java.time.Duration;
import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;
import org.maintd.campaign.Campaign;
import org.maintd.job.JobSpec;
import org.maintd.machine.Machine;
import org.maintd.protocol.api.Times;
import org.maintd.spi.Intent;
import org.maintd.spi.MaintdState;

/**
 * The state file, schema {@value #SCHEMA}: Ganeti's {@code maintenance} object ({@code roundDelay},
 * {@code jobs}, {@code balance}, {@code balanceThreshold}, {@code evacuated}, {@code incidents},
 * {@code ctime}, {@code mtime}, {@code serial_no}) plus {@code intents}, {@code paused}, {@code
 * pause_reason}, {@code round}, {@code campaigns}, {@code machines} (the nodes maintd took out of
 * service), {@code storm_armed} and, from schema 3, {@code collectors} (each node's collector as
 * the leader last polled it: what a standby shows) and, from schema 4, {@code maintenance} (the
 * maintenance schedule, the modes of its machines and their instances' consent) and, from schema 5,
 * {@code instance_health} (the watcher's counts per instance, the boot ids seen, the disks waiting)
 * and, from schema 6, {@code reboots} (the reboot requests and each node's power cycle) and, from
 * schema 7, the maintenance schedule's {@code version}, its machines going down by force and their
 * notices. A file without {@code schema} is schema 1 (maintd before the schema was written); every
 * older schema is read with the fields it lacks at their defaults.
 */
public record StateFile(
    Integer schema,
    long roundDelay,
    List<String> jobs,
    boolean balance,
    double balanceThreshold,
    List<String> evacuated,
    List<StoredIncident> incidents,
    double ctime,
    double mtime,
    long serial_no,
    List<IntentEntry> intents,
    boolean paused,
    String pause_reason,
    long round,
    List<Campaign> campaigns,
    List<MachineEntry> machines,
    Boolean storm_armed,
    java.util.Map<String, CollectorEntry> collectors,
    MaintenanceEntry maintenance,
    HealthEntry instance_health,
    org.maintd.reboot.Reboots reboots) {

  /** The schema this maintd writes; it reads every schema up to it. */
  public static final int SCHEMA = 7;

  public StateFile {
    jobs = jobs == null ? List.of() : jobs;
    evacuated = evacuated == null ? List.of() : evacuated;
    incidents = incidents == null ? List.of() : incidents;
    intents = intents == null ? List.of() : intents;
    pause_reason = pause_reason == null ? "" : pause_reason;
    campaigns = campaigns == null ? List.of() : campaigns;
    machines = machines == null ? List.of() : machines;
    collectors = collectors == null ? java.util.Map.of() : collectors;
    reboots = reboots == null ? org.maintd.reboot.Reboots.empty() : reboots;
  }

  /** A node's collector as last polled: its health, the detail, and since when. */
  public record CollectorEntry(String health, String detail, double since) {}

  /** A planned job and, once the backend accepted it, its id (empty before). */
  public record IntentEntry(JobSpec job, String job_id) {}

  /** A node maintd took out of service. */
  public record MachineEntry(String node, double since, String owner, String reason) {}

  public static StateFile of(MaintdState s) {
    return new StateFile(
        SCHEMA,
        s.roundDelay().toSeconds(),
        s.jobs(),
        s.balance(),
        s.balanceThreshold(),
        s.evacuated(),
        s.incidents().stream().map(StoredIncident::of).toList(),
        Times.seconds(s.ctime()),
        Times.seconds(s.mtime()),
        s.serial(),
        s.intents().stream().map(i -> new IntentEntry(i.job(), i.jobId())).toList(),
        s.paused(),
        s.pauseReason(),
        s.round(),
        s.campaigns(),
        s.machines().stream()
            .map(m -> new MachineEntry(m.node(), Times.seconds(m.since()), m.owner(), m.reason()))
            .toList(),
        s.stormArmed(),
        collectors(s),
        MaintenanceEntry.of(s.maintenance()),
        HealthEntry.of(s.health()),
        s.reboots());
  }

  private static java.util.Map<String, CollectorEntry> collectors(MaintdState s) {
    java.util.Map<String, CollectorEntry> out = new java.util.TreeMap<>();
    s.collectors()
        .forEach(
            (node, c) ->
                out.put(
                    node, new CollectorEntry(c.health(), c.detail(), Times.seconds(c.since()))));
    return out;
  }

  /**
   * The state; an {@link IllegalArgumentException} naming what is wrong: a field by its path
   * ({@code incidents[0].repair-status}) and the value maintd cannot read, or a {@link
   * NewerSchemaException}.
   */
  public MaintdState state() {
    NewerSchemaException.refuseAbove(schema == null ? 1 : schema);
    return new MaintdState(
        Duration.ofSeconds(roundDelay),
        jobs,
        balance,
        balanceThreshold,
        evacuated,
        each("incidents", incidents, StoredIncident::incident),
        Times.instant(ctime),
        Times.instant(mtime),
        serial_no,
        each("intents", intents, i -> new Intent(BadField.required("job", i.job()), i.job_id())),
        paused,
        pause_reason,
        round,
        campaigns,
        each(
            "machines",
            machines,
            m ->
                new Machine(
                    BadField.required("node", m.node()),
                    Times.instant(m.since()),
                    m.owner(),
                    m.reason())),
        storm_armed == null || storm_armed,
        readCollectors(),
        maintenance == null
            ? org.maintd.maintenance.Maintenance.empty()
            : BadField.within("maintenance", maintenance::maintenance),
        instance_health == null
            ? org.maintd.health.InstanceHealth.empty()
            : instance_health.health(),
        reboots);
  }

  /** Each entry of the list {@code name} read, a field it cannot read named by its index. */
  private static <T, R> List<R> each(String name, List<T> entries, Function<T, R> read) {
    return IntStream.range(0, entries.size())
        .mapToObj(i -> BadField.within(name + "[" + i + "]", () -> read.apply(entries.get(i))))
        .toList();
  }

  private java.util.Map<String, org.maintd.spi.CollectorStatus> readCollectors() {
    java.util.Map<String, org.maintd.spi.CollectorStatus> out = new java.util.TreeMap<>();
    collectors.forEach(
        (node, c) ->
            out.put(
                node,
                BadField.within(
                    "collectors." + node,
                    () ->
                        new org.maintd.spi.CollectorStatus(
                            BadField.required("health", c.health()),
                            c.detail(),
                            Times.instant(c.since())))));
    return out;
  }
}
