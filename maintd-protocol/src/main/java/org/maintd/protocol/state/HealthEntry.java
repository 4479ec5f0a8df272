package org.maintd.protocol.state;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.maintd.health.HealthRecord;
import org.maintd.health.InstanceHealth;
import org.maintd.health.Tries;
import org.maintd.protocol.api.Times;

/**
 * Instance health in the state file (from schema 5), in ganeti-watcher's words where it has them:
 * per instance {@code restart_count}, {@code restart_when}, {@code cleanup_count}, {@code
 * cleanup_when} (seconds since the epoch), {@code gave_up} and {@code disks_activated} (null when
 * not); per node the {@code bootid} last seen; the instances whose disks wait to be activated, each
 * with why.
 */
public record HealthEntry(
    Map<String, InstanceEntry> instances,
    Map<String, NodeEntry> nodes,
    Map<String, String> pending_disks) {

  public HealthEntry {
    instances = instances == null ? Map.of() : instances;
    nodes = nodes == null ? Map.of() : nodes;
    pending_disks = pending_disks == null ? Map.of() : pending_disks;
  }

  /** One instance's record. */
  public record InstanceEntry(
      int restart_count,
      double restart_when,
      int cleanup_count,
      double cleanup_when,
      Double gave_up,
      Double disks_activated) {}

  /** The boot id last seen of a node. */
  public record NodeEntry(String bootid) {}

  static HealthEntry of(InstanceHealth h) {
    Map<String, InstanceEntry> instances = new TreeMap<>();
    h.instances().forEach((name, r) -> instances.put(name, entry(r)));
    Map<String, NodeEntry> nodes = new TreeMap<>();
    h.bootIds().forEach((node, id) -> nodes.put(node, new NodeEntry(id)));
    return new HealthEntry(instances, nodes, new TreeMap<>(h.pendingDisks()));
  }

  private static InstanceEntry entry(HealthRecord r) {
    return new InstanceEntry(
        r.restarts().count(),
        Times.seconds(r.restarts().last()),
        r.cleanups().count(),
        Times.seconds(r.cleanups().last()),
        r.gaveUp().map(Times::seconds).orElse(null),
        r.disksActivated().map(Times::seconds).orElse(null));
  }

  InstanceHealth health() {
    Map<String, HealthRecord> records = new TreeMap<>();
    instances.forEach(
        (name, e) ->
            records.put(
                name,
                BadField.within(
                    "instance_health.instances." + name,
                    () ->
                        new HealthRecord(
                            new Tries(e.restart_count(), Times.instant(e.restart_when())),
                            new Tries(e.cleanup_count(), Times.instant(e.cleanup_when())),
                            Optional.ofNullable(e.gave_up()).map(Times::instant),
                            Optional.ofNullable(e.disks_activated()).map(Times::instant)))));
    Map<String, String> boots = new TreeMap<>();
    nodes.forEach(
        (node, e) ->
            boots.put(
                node,
                BadField.within(
                    "instance_health.nodes." + node,
                    () -> BadField.required("bootid", e.bootid()))));
    return new InstanceHealth(records, boots, pending_disks);
  }
}
