package org.maintd.maintenance;

import java.util.Objects;
import java.util.Optional;
import org.maintd.cluster.NodeNames;

/**
 * A machine as a schedule names it: its hostname as posted (a node of the cluster matches it
 * case-insensitively) and, optionally, an IP address, kept as posted.
 */
public record MachineId(String hostname, Optional<String> ip) {
  public MachineId {
    Objects.requireNonNull(hostname, "hostname");
    Objects.requireNonNull(ip, "ip");
  }

  public static MachineId of(String hostname) {
    return new MachineId(hostname, Optional.empty());
  }

  /**
   * Whether {@code name} (a node's, or another hostname) names this machine: the same name in any
   * letter case, or a short name and the full name that starts with it.
   */
  public boolean names(String name) {
    return NodeNames.same(hostname, name);
  }

  /** The machine as Mesos prints it in its messages: compact JSON. */
  public String json() {
    return "{\"hostname\":\""
        + hostname
        + "\""
        + ip.map(a -> ",\"ip\":\"" + a + "\"").orElse("")
        + "}";
  }
}
