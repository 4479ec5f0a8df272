package org.maintd.cli.command;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.List;
import java.util.function.Supplier;
import org.maintd.cli.client.ApiClient;
import org.maintd.cli.wait.Look;
import org.maintd.protocol.api.IncidentView;

/**
 * One look at a canceled incident ({@code GET /1/incidents/<uuid>}) and the jobs the daemon waits
 * for ({@code GET /1/jobs}): done once none of the incident's jobs runs any more. A canceled
 * incident gets no new job; those already running finish, and one that fails is said (the incident
 * stays canceled). Not thread-safe.
 */
final class CancelWait implements Supplier<Look<IncidentView>> {
  private static final TypeReference<List<Long>> JOB_NUMBERS = new TypeReference<>() {};

  private final ApiClient client;
  private final String uuid;

  CancelWait(ApiClient client, String uuid) {
    this.client = client;
    this.uuid = uuid;
  }

  @Override
  public Look<IncidentView> get() {
    IncidentView i = client.get("/1/incidents/" + uuid, IncidentView.class);
    List<Long> running = client.get("/1/jobs", JOB_NUMBERS);
    List<String> left =
        i.jobs().stream().filter(running::contains).map(j -> Long.toString(j)).toList();
    String what = "incident " + i.uuid() + " on " + i.node() + ": " + i.repairStatus();
    if (!left.isEmpty()) {
      return Look.going(what + "; its job(s) " + String.join(", ", left) + " still run");
    }
    return Look.done(i, what + "; none of its jobs runs" + lastFailure(i));
  }

  /** A job of the incident that failed after the cancel, from its history. */
  private static String lastFailure(IncidentView i) {
    return i.history().stream()
        .filter(h -> h.event().equals("job-failed"))
        .reduce((a, b) -> b)
        .map(h -> " (one failed: " + h.reason() + ")")
        .orElse("");
  }
}
