package org.maintd.protocol.state;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.datatype.jdk8.Jdk8Module;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import org.maintd.job.Operation;
import org.maintd.protocol.json.Json;

/**
 * The mapper for core records that have no hand-written wire format (job specifications, cluster
 * snapshots of the simulated backend): records by component name, operations tagged by {@code
 * op}. Thread-safe, shared.
 */
public final class Mappers {
  public static final ObjectMapper RECORDS =
      Json.MAPPER.copy()
          .registerModule(new Jdk8Module())
          .registerModule(new JavaTimeModule())
          .addMixIn(Operation.class, OperationMixin.class)
          .addMixIn(org.maintd.job.JobSpec.class, JobSpecMixin.class);

  private Mappers() {}

  @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "op")
  @JsonSubTypes({
    @JsonSubTypes.Type(value = Operation.SetNodeFlags.class, name = "set-node-flags"),
    @JsonSubTypes.Type(value = Operation.Migrate.class, name = "migrate"),
    @JsonSubTypes.Type(value = Operation.Failover.class, name = "failover"),
    @JsonSubTypes.Type(value = Operation.Move.class, name = "move"),
    @JsonSubTypes.Type(value = Operation.ReplaceSecondary.class, name = "replace-secondary"),
    @JsonSubTypes.Type(value = Operation.RunRepair.class, name = "repair"),
    @JsonSubTypes.Type(value = Operation.RecreateDisks.class, name = "recreate-disks"),
    @JsonSubTypes.Type(value = Operation.Reinstall.class, name = "reinstall"),
    @JsonSubTypes.Type(value = Operation.RebootNode.class, name = "reboot"),
    @JsonSubTypes.Type(value = Operation.FailoverMaster.class, name = "master-failover")
  })
  interface OperationMixin {}

  @com.fasterxml.jackson.annotation.JsonIgnoreProperties({"repair"})
  interface JobSpecMixin {}
}
