package org.maintd.cli.command;

import com.fasterxml.jackson.core.type.TypeReference;
import java.util.List;
import org.maintd.cli.output.Table;
import org.maintd.protocol.api.InstanceView;
import picocli.CommandLine.Command;

/** {@code maintctl instances}: instances, their run state, health and auto-repair state. */
@Command(
    name = "instances",
    description = "List instances with their status, health and auto-repair state.")
public final class InstancesCommand extends ApiCommand.TopLevel {
  private static final TypeReference<List<InstanceView>> INSTANCES = new TypeReference<>() {};

  @Override
  public void run() {
    print(client().get("/1/instances", INSTANCES), InstancesCommand::table);
  }

  private static String table(List<InstanceView> instances) {
    Table t =
        new Table(
            "INSTANCE", "PRIMARY", "SECONDARY", "TEMPLATE", "STATUS", "HEALTH", "AUTO-REPAIR");
    for (InstanceView i : instances) {
      t.row(
          i.name(),
          i.primary_node(),
          i.secondary_node(),
          i.disk_template(),
          i.status(),
          i.health(),
          i.auto_repair());
    }
    return t.render();
  }
}
