package org.maintd.daemon.http;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.LongFunction;
import org.eclipse.jetty.util.Fields;
import org.maintd.cluster.Cluster;
import org.maintd.daemon.runner.DaemonView;
import org.maintd.rapi.HtoolsRapiLoader;
import org.maintd.roll.RebootPlanner;
import org.maintd.roll.RollException;
import org.maintd.roll.RollOptions;
import org.maintd.roll.RollPlan;

/**
 * {@code GET /1/roll}: reboot groups for the latest snapshot, read as {@code hroller -m} reads the
 * cluster where the backend can (the Ganeti backend: drained and non-vm-capable nodes offline, the
 * running instances' {@code oper_ram}, on KVM each node's own memory {@code
 * static-kvm-node-memory}, 4096 MiB by default as in the htools, 0 for what RAPI reports), the
 * snapshot as it is otherwise; with hroller's options as query parameters ({@code group}, {@code
 * offline} (repeatable), {@code node-tags} (comma-separated), {@code static-kvm-node-memory}, and
 * the flags {@code offline-maintenance}, {@code skip-non-redundant}, {@code ignore-non-redundant},
 * {@code full-evacuation}, {@code force}), and maintd's {@code node-regex} (a regular expression
 * that a selected node's name contains a match of; one that is not is a bad request).
 */
final class RollQuery {
  private static final Set<String> KNOWN =
      Set.of(
          "group",
          "offline",
          "node-tags",
          "offline-maintenance",
          "skip-non-redundant",
          "ignore-non-redundant",
          "full-evacuation",
          "force",
          "node-regex",
          "fewer-groups",
          "static-kvm-node-memory");

  private RollQuery() {}

  static RollPlan plan(LongFunction<Optional<Cluster>> htools, DaemonView view, Fields query) {
    for (String name : query.getNames()) {
      if (!KNOWN.contains(name)) {
        throw new IllegalArgumentException(
            "unknown parameter '" + name + "'; known: " + KNOWN.stream().sorted().toList());
      }
    }
    Cluster cluster =
        htools
            .apply(staticKvmNodeMemory(query))
            .or(() -> Optional.ofNullable(view.cluster()))
            .orElseThrow(
                () ->
                    new RollException(
                        "no cluster snapshot yet: the daemon has not completed a poll"));
    RollOptions options =
        new RollOptions(
            Optional.ofNullable(query.getValue("group")),
            Set.copyOf(query.getValuesOrEmpty("offline")),
            Optional.ofNullable(query.getValue("node-tags")).map(t -> List.of(t.split(","))),
            QueryFlags.flag(query, "offline-maintenance"),
            QueryFlags.flag(query, "skip-non-redundant"),
            QueryFlags.flag(query, "ignore-non-redundant"),
            QueryFlags.flag(query, "full-evacuation"),
            QueryFlags.flag(query, "force"),
            Optional.ofNullable(query.getValue("node-regex")),
            QueryFlags.flag(query, "fewer-groups"));
    return new RebootPlanner().plan(cluster, options);
  }

  private static long staticKvmNodeMemory(Fields query) {
    String value = query.getValue("static-kvm-node-memory");
    if (value == null) {
      return HtoolsRapiLoader.DEFAULT_STATIC_KVM_NODE_MEMORY;
    }
    try {
      long mib = Long.parseLong(value);
      if (mib >= 0) {
        return mib;
      }
    } catch (NumberFormatException e) {
      // answered below, with the value
    }
    throw new IllegalArgumentException(
        "static-kvm-node-memory: '" + value + "' is not a number of MiB (0 or more)");
  }
}
