package org.maintd.recovery;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.maintd.incident.Incident;
import org.maintd.spi.JobTrace;

/**
 * The incidents the traces speak of, each with its {@link Evidence}, in the order the traces first
 * name them: the outcome tags of the nodes, then the jobs whose key an incident owns, then the
 * repairs the collectors ran. Pure.
 */
final class TracedIncidents {
  private final Map<UUID, Evidence> all = new LinkedHashMap<>();

  private TracedIncidents() {}

  /** Each incident of {@code traces}, by uuid, with what they say about it. */
  static Map<UUID, Evidence> of(Traces traces) {
    TracedIncidents found = new TracedIncidents();
    traces
        .nodeTags()
        .forEach(
            (node, tags) ->
                tags.forEach(
                    tag ->
                        tagged(tag).ifPresent(uuid -> found.add(uuid, e -> e.tagged(node, tag)))));
    for (JobTrace job : traces.jobs()) {
      TraceKey.of(job.reason())
          .ifPresent(
              key -> key.incident().ifPresent(uuid -> found.add(uuid, e -> e.job(job, key))));
    }
    for (RepairRecord r : traces.repairs()) {
      found.add(incidentOf(r), e -> e.repaired(r));
    }
    return found.all;
  }

  private void add(UUID uuid, UnaryOperator<Evidence> trace) {
    all.put(uuid, trace.apply(all.getOrDefault(uuid, Evidence.NONE)));
  }

  /**
   * The incident a repair record names; one derived from the node and the name when the name is not
   * an incident's uuid (a record left by something else), so that it is still held.
   */
  private static UUID incidentOf(RepairRecord r) {
    try {
      return UUID.fromString(r.incident());
    } catch (IllegalArgumentException e) {
      return UUID.nameUUIDFromBytes(
          (r.node() + "/" + r.incident()).getBytes(StandardCharsets.UTF_8));
    }
  }

  /** The incident an outcome tag names, when it is one with a uuid. */
  private static Optional<UUID> tagged(String tag) {
    for (String prefix : List.of(Incident.READY_TAG_PREFIX, Incident.FAILED_TAG_PREFIX)) {
      if (tag.startsWith(prefix)) {
        try {
          return Optional.of(UUID.fromString(tag.substring(prefix.length())));
        } catch (IllegalArgumentException e) {
          return Optional.empty();
        }
      }
    }
    return Optional.empty();
  }
}
