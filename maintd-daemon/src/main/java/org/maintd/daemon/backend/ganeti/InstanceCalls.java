package org.maintd.daemon.backend.ganeti;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.maintd.health.DiskStatus;
import org.maintd.job.Operation;

/**
 * Instance health through Ganeti's RAPI: a start is {@code PUT /2/instances/<name>/startup} (Ganeti
 * 3.0 takes no body there), a shutdown {@code PUT /2/instances/<name>/shutdown} with {@code
 * admin_state_source} {@code user} for the clean-up of a shutdown from inside, an activation {@code
 * PUT /2/instances/<name>/activate-disks}; the disks' status is {@code disks_active} from {@code
 * GET /2/query/instance}. RAPI has no verify-disks (neither for a group nor the cluster), so
 * nothing is reported offline through it. Stateless.
 */
final class InstanceCalls {
  /** What instance health asks of RAPI's instance query. */
  static final String QUERY = "/2/query/instance?fields=name,disks_active";

  private InstanceCalls() {}

  /** The RAPI request of an instance health operation; none when {@code op} is none. */
  static Optional<RapiCall> call(Operation op) {
    if (op instanceof Operation.StartInstance s) {
      return Optional.of(
          new RapiCall("PUT", RapiCall.instancePath(s.instance(), "startup"), Map.of()));
    }
    if (op instanceof Operation.ShutdownInstance s) {
      return Optional.of(
          new RapiCall(
              "PUT",
              RapiCall.instancePath(s.instance(), "shutdown"),
              s.userSource() ? Map.of("admin_state_source", "user") : Map.of()));
    }
    if (op instanceof Operation.ActivateDisks a) {
      return Optional.of(
          new RapiCall("PUT", RapiCall.instancePath(a.instance(), "activate-disks"), Map.of()));
    }
    return Optional.empty();
  }

  /**
   * {@code disks_active} per instance from RAPI's query answer ({@code {"fields": [...], "data":
   * [[[status, value], ...], ...]}}); rows it cannot read are left out (their admin state decides).
   */
  static DiskStatus disks(Object answer) {
    Map<String, Boolean> active = new HashMap<>();
    if (answer instanceof Map<?, ?> m && m.get("data") instanceof List<?> rows) {
      for (Object row : rows) {
        if (row instanceof List<?> cells && cells.size() == 2) {
          value(cells.get(0))
              .filter(String.class::isInstance)
              .ifPresent(
                  name ->
                      value(cells.get(1))
                          .filter(Boolean.class::isInstance)
                          .ifPresent(v -> active.put((String) name, (Boolean) v)));
        }
      }
    }
    Set<String> offline = new TreeSet<>();
    return new DiskStatus(active, offline);
  }

  /** A query cell's value when its status is 0 (normal). */
  private static Optional<Object> value(Object cell) {
    if (cell instanceof List<?> c
        && c.size() == 2
        && c.get(0) instanceof Number n
        && n.intValue() == 0) {
      return Optional.ofNullable(c.get(1));
    }
    return Optional.empty();
  }
}
