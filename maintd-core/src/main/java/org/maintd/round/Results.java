package org.maintd.round;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maintd.incident.Incident;
import org.maintd.spi.Intent;

/**
 * The first thing a step does: take in what the previous step's effects gave. A submitted job's id
 * is recorded with its intent and with the incident that owns it; an intent a look-up did not find
 * is dropped; an outcome tag that is on its node marks its incident tagged; a failure is logged (a
 * submission without an id is tried again).
 */
final class Results {
  private Results() {}

  static void apply(Turn t) {
    Map<String, String> ids = new LinkedHashMap<>();
    java.util.Set<String> found = new java.util.HashSet<>();
    List<String> notFound = new ArrayList<>();
    for (Outcome o : t.inputs.outcomes()) {
      if (o instanceof Outcome.Submitted s) {
        ids.put(s.key(), s.jobId());
        if (s.found()) {
          found.add(s.key());
        }
      } else if (o instanceof Outcome.NotFound n) {
        notFound.add(n.key());
      } else if (o instanceof Outcome.Tagged tagged && tagged.key().startsWith(Tagging.PREFIX)) {
        String uuid = tagged.key().substring(Tagging.PREFIX.length());
        t.incident(uuid)
            .ifPresent(
                inc -> {
                  t.replaceIncident(inc.uuid(), t.lifecycle::tagged);
                  t.log.add(
                      LogLine.info(
                          "[incident=" + uuid + "] [node=" + inc.node() + "] tagged " + inc.tag()));
                });
      } else if (o instanceof Outcome.Failed f) {
        t.log.add(
            LogLine.warn("[effect=" + f.key() + "] failed, to be tried again: " + f.message()));
      }
    }
    if (!ids.isEmpty()) {
      record(t, ids, found);
    }
    if (!notFound.isEmpty()) {
      drop(t, notFound);
    }
  }

  /**
   * The intents that a look-up did not find in the cluster: their incident ended before they were
   * submitted, and they never will be.
   */
  private static void drop(Turn t, List<String> keys) {
    List<Intent> kept = new ArrayList<>();
    for (Intent i : t.state.intents()) {
      if (i.submitted() || !keys.contains(i.job().key())) {
        kept.add(i);
        continue;
      }
      t.log.add(
          LogLine.info(
              "[incident="
                  + i.job().owner()
                  + "] job "
                  + i.job().key()
                  + " not submitted: the incident is "
                  + t.incident(i.job().owner())
                      .map(inc -> inc.status().wireName())
                      .orElse("forgotten")
                  + ", and the cluster has no job with its key"));
    }
    t.state = t.state.withJobs(t.state.jobs(), kept);
  }

  /** The ids with their intents, and each owner's new jobs in one history entry of its incident. */
  private static void record(Turn t, Map<String, String> ids, java.util.Set<String> found) {
    Map<String, List<String>> idsByOwner = new LinkedHashMap<>();
    Map<String, List<String>> whatByOwner = new LinkedHashMap<>();
    List<Intent> intents = new ArrayList<>();
    for (Intent i : t.state.intents()) {
      String id = ids.get(i.job().key());
      if (id != null && !i.submitted()) {
        intents.add(i.withJobId(id));
        idsByOwner.computeIfAbsent(i.job().owner(), k -> new ArrayList<>()).add(id);
        whatByOwner
            .computeIfAbsent(i.job().owner(), k -> new ArrayList<>())
            .add(
                RoundClose.endedIncident(t.state, i.job().owner())
                    ? "found in the cluster, submitted before its incident ended: "
                        + i.job().reason().text()
                    : i.job().reason().text());
        t.log.add(
            LogLine.info(
                "[owner="
                    + i.job().owner()
                    + "] [job="
                    + id
                    + (found.contains(i.job().key())
                        ? "] found in the cluster, submitted before: "
                        : "] submitted: ")
                    + i.job().reason().text()));
      } else {
        intents.add(i);
      }
    }
    List<Incident> incidents =
        t.state.incidents().stream()
            .map(
                inc ->
                    idsByOwner.containsKey(inc.uuid().toString())
                        ? t.lifecycle.submitted(
                            inc,
                            idsByOwner.get(inc.uuid().toString()),
                            String.join("; ", whatByOwner.get(inc.uuid().toString())),
                            t.now)
                        : inc)
            .toList();
    List<String> jobs = intents.stream().filter(Intent::submitted).map(Intent::jobId).toList();
    t.state = t.state.withIncidents(incidents).withJobs(jobs, intents);
  }
}
