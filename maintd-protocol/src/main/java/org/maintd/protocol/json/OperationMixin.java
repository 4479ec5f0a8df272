package org.maintd.protocol.json;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import org.maintd.job.Operation;

/**
 * How an {@link Operation} is written: its fields, tagged by {@code op}, and its {@code kind} (what
 * metrics and injected failures name it by), which is written but not read back.
 */
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
  @JsonSubTypes.Type(value = Operation.FailoverMaster.class, name = "master-failover"),
  @JsonSubTypes.Type(value = Operation.StartInstance.class, name = "startup"),
  @JsonSubTypes.Type(value = Operation.ShutdownInstance.class, name = "shutdown"),
  @JsonSubTypes.Type(value = Operation.ActivateDisks.class, name = "activate-disks"),
  @JsonSubTypes.Type(value = Operation.PowerNode.class, name = "power")
})
@JsonIgnoreProperties(
    value = {"kind", "nodes", "instances"},
    allowGetters = true)
interface OperationMixin {
  @JsonProperty("kind")
  String kind();
}
